import { MESSAGES } from '@signage/domain';
import { z } from 'zod';
import { HttpError } from './envelope';

/** A keyset position: the sort time and the tie-breaking key of the last row served. */
export type KeysetCursor = { at: Date; key: string };

/** Latest instant a cursor may name (9999-12-31T23:59:59.999Z): PostgreSQL and JavaScript agree up to there. */
const MAX_TIME_MS = 253_402_300_799_999;

/** The opaque endCursor of every list: base64url of [time in ms since the epoch, key]. */
export function encodeCursor(at: Date, key: string): string {
  return Buffer.from(JSON.stringify([at.getTime(), key])).toString('base64url');
}

type DecodeOptions = {
  /** The tie-breaker is a uuid column: a forged key must be refused here, never reach SQL. */
  uuidKey?: boolean;
  /** The 400 message for a cursor that is not one of ours. */
  message?: string;
};

/** The position `text` names; null when there is none; 400 when it is not a cursor of ours. */
export function decodeCursor(
  text: string | undefined,
  { uuidKey = false, message = MESSAGES.invalidRequest }: DecodeOptions = {},
): KeysetCursor | null {
  if (!text) return null;
  const shape = z.tuple([z.number().int().min(0).max(MAX_TIME_MS), uuidKey ? z.uuid() : z.string().min(1)]);
  let parsed: ReturnType<typeof shape.safeParse> | undefined;
  try {
    parsed = shape.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) throw new HttpError(400, message);
  return { at: new Date(parsed.data[0]), key: parsed.data[1] };
}
