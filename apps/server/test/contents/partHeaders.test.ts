import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundaryOf, type MalformedPartError, watchPartHeaders } from '../../src/modules/contents/partHeaders';

/** The watch of a multipart body's framing (issue 30, item 4), fed by hand: what it refuses, and when. */

const B = 'watchboundary';
const valid = Buffer.from(
  `preamble\r\n--${B}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSale\r\n` +
    `--${B}\r\nContent-Disposition: form-data; name="content"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n` +
    // Data that only begins like a delimiter, then the closing one.
    `${'x'.repeat(300)}\r\n--${B.slice(0, 9)}\r\n--${B}--\r\nepilogue`,
);

/**
 * Feeds `chunks` and ends the stream; answers the watch's failure, or 'passed' when it has not failed once
 * the stream's end and every callback it queued have run (setImmediate comes after all of them).
 */
async function watched(chunks: Buffer[], maxBytes = 1 << 20) {
  const stream = new PassThrough();
  const watch = watchPartHeaders(stream, B, maxBytes);
  stream.resume();
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await new Promise((resolve) => stream.once('end', resolve));
  watch.stop();
  const failure = watch.failed.then(
    () => 'resolved',
    (error: MalformedPartError) => `${error.tooLarge ? 'too large: ' : ''}${error.message}`,
  );
  return Promise.race([failure, new Promise<string>((resolve) => setImmediate(() => resolve('passed')))]);
}

const pieces = (body: Buffer, size: number) =>
  Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.subarray(i * size, (i + 1) * size));

describe('watchPartHeaders', () => {
  it('passes a well-formed body whatever its pieces, a delimiter or header split anywhere', async () => {
    for (const size of [1, 2, 3, 7, 16, 64, valid.length]) {
      expect(await watched(pieces(valid, size)), `pieces of ${size}`).toBe('passed');
    }
  });

  it.each([
    ['Content-Disposition: attachment; name="a"', 'a part whose Content-Disposition is not form-data'],
    ['Content-Disposition: form-data-ish; name="a"', 'a part whose Content-Disposition is not form-data'],
    ['Content-Type: text/plain', 'a part without Content-Disposition'],
    ['Content-Disposition: form-data; filename="a.png"', 'a part without a field name'],
  ])('refuses a part with %s', async (headers, reason) => {
    const body = Buffer.from(`--${B}\r\n${headers}\r\n\r\nvalue\r\n--${B}--\r\n`);
    expect(await watched(pieces(body, 5))).toBe(reason);
  });

  it('refuses a part with no header at all, an endless header block and a body without its end', async () => {
    expect(await watched([Buffer.from(`--${B}\r\n\r\nvalue\r\n--${B}--\r\n`)])).toBe(
      'a part without Content-Disposition',
    );
    expect(await watched([Buffer.from(`--${B}\r\nX-Pad: `), Buffer.alloc(9000, 0x70)])).toBe(
      'part headers over the limit',
    );
    expect(await watched([Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nva`)])).toBe(
      'a body that ends before its closing delimiter',
    );
  });

  it('refuses a body longer than its limit while the form is read, and ends its request after', async () => {
    // A preamble that never reaches a delimiter: the parser would read it to the end.
    expect(await watched([Buffer.alloc(600, 0x61), Buffer.alloc(600, 0x61)], 1000)).toBe(
      'too large: a body over the upload limit',
    );
    const stream = new PassThrough();
    const watch = watchPartHeaders(stream, B, 1000);
    stream.resume();
    // The form is read (the watch stopped), and then its epilogue goes on past the limit.
    stream.write(valid);
    watch.stop();
    const closed = new Promise((resolve) => stream.once('close', resolve));
    stream.write(Buffer.alloc(1000 - valid.length + 1, 0x61));
    await closed;
    expect(stream.destroyed).toBe(true);
  });

  it('reads the boundary of a Content-Type, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b;c"')).toBe('a b;c');
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf(undefined)).toBeNull();
  });
});
