import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export const readAll = (stream: Readable) => text(stream);

/** A body that delivers some chunks, then fails like a client that dropped its connection. */
export function failingBody(chunks: number, chunkSize = 64 * 1024): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent < chunks) {
        sent += 1;
        this.push(Buffer.alloc(chunkSize, 97));
        return;
      }
      this.destroy(new Error('connection reset by client'));
    },
  });
}
