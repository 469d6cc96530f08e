import { type BinaryToTextEncoding, createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { configure } from 'safe-stable-stringify';

/** The server's one sha256 of text or bytes (tokens, PINs, states, files held in memory): hex unless told. */
export function sha256(data: string | Uint8Array, encoding: BinaryToTextEncoding = 'hex'): string {
  return createHash('sha256').update(data).digest(encoding);
}

const stableStringify = configure({ deterministic: true, circularValue: TypeError });

/**
 * JSON with object keys sorted at every level (undefined members left out, as JSON.stringify does): one text
 * for one value, whatever the key order, so its digest names the value (manifest versions, search digests).
 */
export function canonicalJson(value: unknown): string {
  return stableStringify(value) ?? 'null';
}

/** A pass-through that measures what flows: byte count and sha256, without holding any of it. */
export class HashingPassThrough extends Transform {
  private readonly hash = createHash('sha256');
  private counted = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.counted += chunk.length;
    callback(null, chunk);
  }

  /** Bytes seen so far. Not named `size`: upload helpers read a stream's `size` as its known total length. */
  get bytesSeen(): number {
    return this.counted;
  }

  /** Call once the stream has ended. */
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** sha256 and size of a local file, read as a stream. */
export async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(createReadStream(path), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
    }
  });
  return { size, sha256: hash.digest('hex') };
}
