import { MESSAGES } from '@signage/domain';
import { HttpError } from '../../http/envelope';

/** An opaque keyset cursor: the sort value and the tie-breaking key of the last row served. */
export type Cursor = { at: Date; key: string };

export function encodeCursor(at: Date, key: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), key])).toString('base64url');
}

export function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const [at, key] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    const date = new Date(String(at));
    if (typeof key !== 'string' || Number.isNaN(date.getTime())) throw new Error('bad cursor');
    return { at: date, key };
  } catch {
    throw new HttpError(400, MESSAGES.invalidRequest);
  }
}
