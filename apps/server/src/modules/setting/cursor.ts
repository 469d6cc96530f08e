import { z } from 'zod';
import type { SettingCursor } from './repo';

/** Latest instant a cursor may name (9999-12-31T23:59:59.999Z): PostgreSQL and JavaScript agree up to there. */
const MAX_TIME_MS = 253_402_300_799_999;

const ZCursor = z.tuple([z.number().int().min(0).max(MAX_TIME_MS), z.uuid()]);

/** The opaque endCursor: base64url of [updated_at in ms since the epoch, id]. */
export function encodeCursor(cursor: SettingCursor): string {
  return Buffer.from(JSON.stringify([cursor.updatedAt.getTime(), cursor.id])).toString('base64url');
}

/** The position a cursor names, or undefined when it is not one of ours. */
export function decodeCursor(text: string): SettingCursor | undefined {
  try {
    const parsed = ZCursor.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? { updatedAt: new Date(parsed.data[0]), id: parsed.data[1] } : undefined;
  } catch {
    return undefined;
  }
}
