import type { Readable } from 'node:stream';

/**
 * A watch on a multipart body's framing, run on the request's bytes beside the parser (busboy). busboy
 * skips a part it cannot name (no `Content-Disposition: form-data; name=...`) without a word, and a skipped
 * part longer than its stream's buffer (16 KiB) stalls it for good: the form was never answered (issue 30,
 * item 4). The watch sees each part's header block as it arrives and reports what the parser would skip or
 * never finish, so the upload is refused at once.
 */

/** The longest header block of one part read (a browser's is a few hundred bytes; busboy's own cap is 80 KiB). */
export const MAX_PART_HEADER_BYTES = 8 * 1024;
/** Text allowed after a delimiter before its line ends (RFC 2046 transport padding). */
const MAX_DELIMITER_LINE = 256;

/** Why a body was refused: its framing is broken, or it goes on past every acceptable upload. */
export class MalformedPartError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);

/** The problem of one part's header block, or null: its disposition must be form-data and name the field. */
function headerProblem(block: string): string | null {
  const line = block.split('\r\n').find((header) => /^content-disposition\s*:/i.test(header));
  if (!line) return 'a part without Content-Disposition';
  const value = line.slice(line.indexOf(':') + 1);
  if (!/^\s*form-data\s*(;|$)/i.test(value)) return 'a part whose Content-Disposition is not form-data';
  if (!/;\s*name\s*=/i.test(value)) return 'a part without a field name';
  return null;
}

type State = 'body' | 'delimiter' | 'headers' | 'done';

/**
 * Follows `stream` (call it once the parser is piped from it, so no byte is taken from the parser) and
 * rejects `failed` with a MalformedPartError at the first part header the parser would skip, a header
 * block over MAX_PART_HEADER_BYTES, or a body that ends before its closing delimiter. `stop` ends the watch
 * of the framing once the form is read; the count of bytes goes on until the request ends, and a body
 * longer than `maxBytes` (a preamble, a field or an epilogue without end) is refused while the form is
 * read, or has its request destroyed after.
 */
export function watchPartHeaders(
  stream: Readable & { destroy: (error?: Error) => unknown },
  boundary: string,
  maxBytes: number,
): { failed: Promise<never>; stop: () => void } {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let state: State = 'body';
  let watching = true;
  let received = 0;
  // The first delimiter may open the body: as if a line had ended just before it.
  let pending: Buffer = CRLF;
  let fail!: (error: MalformedPartError) => void;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {});

  const refuse = (reason: string, tooLarge = false): false => {
    stop();
    fail(new MalformedPartError(reason, tooLarge));
    return false;
  };

  /** Advances through `data`, keeping in `pending` what the next chunk must complete; false once done. */
  const step = (data: Buffer): boolean => {
    let rest = data;
    for (;;) {
      if (state === 'done') return false;
      if (state === 'body') {
        const at = rest.indexOf(delimiter);
        if (at < 0) {
          pending = rest.subarray(Math.max(0, rest.length - (delimiter.length - 1)));
          return true;
        }
        rest = rest.subarray(at + delimiter.length);
        state = 'delimiter';
      }
      if (state === 'delimiter') {
        if (rest.length < 2) break;
        if (rest[0] === 0x2d && rest[1] === 0x2d) {
          state = 'done';
          return false;
        }
        const end = rest.indexOf(CRLF);
        if (end < 0 && rest.length > MAX_DELIMITER_LINE) return refuse('a delimiter line that does not end');
        if (end < 0) break;
        rest = rest.subarray(end + 2);
        state = 'headers';
      }
      if (state === 'headers') {
        // No header at all: the block ends where it starts.
        const end = rest.subarray(0, 2).equals(CRLF) ? 0 : rest.indexOf(HEADER_END);
        if ((end < 0 && rest.length > MAX_PART_HEADER_BYTES) || end > MAX_PART_HEADER_BYTES) {
          return refuse('part headers over the limit');
        }
        if (end < 0) break;
        const problem = headerProblem(rest.subarray(0, end).toString('latin1'));
        if (problem) return refuse(problem);
        rest = rest.subarray(end === 0 ? 2 : end + HEADER_END.length);
        state = 'body';
      }
    }
    pending = rest;
    return true;
  };

  /**
   * In a part's body, a chunk at least a delimiter long is searched alone unless a delimiter begins in the
   * bytes kept from the last one (it then ends within the chunk's first bytes).
   */
  const joined = (chunk: Buffer) => {
    if (pending.length === 0) return chunk;
    if (state === 'body' && chunk.length >= delimiter.length - 1) {
      const seam = Buffer.concat([pending, chunk.subarray(0, delimiter.length - 1)]);
      if (seam.indexOf(delimiter) < 0) return chunk;
    }
    return Buffer.concat([pending, chunk]);
  };

  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBytes) {
      if (watching) refuse('a body over the upload limit', true);
      else stream.destroy();
      stream.off('data', onData);
      return;
    }
    if (!watching) return;
    const data = joined(chunk);
    pending = EMPTY;
    if (!step(data)) stop();
  };
  const onEnd = () => {
    if (watching && state !== 'done') refuse('a body that ends before its closing delimiter');
    stream.off('data', onData);
  };
  function stop() {
    watching = false;
    pending = EMPTY;
  }
  stream.on('data', onData);
  stream.once('end', onEnd);
  return { failed, stop };
}

/** The boundary of a multipart Content-Type, as busboy reads it (quoted or not), or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  return boundary ? boundary : null;
}
