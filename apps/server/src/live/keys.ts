import { createHash, timingSafeEqual } from 'node:crypto';

/** sha256 (hex) of a stream key: how the database finds a content by its key without comparing the key. */
export function streamKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether two keys are the same, in time that does not depend on where they differ. */
export function sameStreamKey(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
