import { MESSAGES, ZText } from '@signage/domain';
import { z } from 'zod';
import { canonicalJson, sha256 } from '../blob';
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

/**
 * The shapes a cursor may take, built once: a zod schema costs far more to build than to run (building the
 * counted cursor's union on every request took about 140 µs of the server's CPU per next page, which a
 * first page does not pay; parsing with it takes a few µs).
 */
const TIME = z.number().int().min(0).max(MAX_TIME_MS);
// A cursor is request input too: its strings are well-formed (ZText) like every other request string.
const KEYS = { text: ZText.min(1), uuid: z.uuid() };
const PLAIN = { text: z.tuple([TIME, KEYS.text]), uuid: z.tuple([TIME, KEYS.uuid]) };
const countedShape = <K extends z.ZodType<string>>(key: K) =>
  z.union([
    z.tuple([TIME, key, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), ZText.min(1).max(64)]),
    z.tuple([TIME, key]),
  ]);
const COUNTED = { text: countedShape(KEYS.text), uuid: countedShape(KEYS.uuid) };

/** The JSON array a cursor text holds; undefined when it holds none. */
function cursorJson(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The position `text` names; null when there is none; 400 when it is not a cursor of ours. */
export function decodeCursor(
  text: string | undefined,
  { uuidKey = false, message = MESSAGES.invalidRequest }: DecodeOptions = {},
): KeysetCursor | null {
  if (!text) return null;
  const parsed = PLAIN[uuidKey ? 'uuid' : 'text'].safeParse(cursorJson(text));
  if (!parsed.success) throw new HttpError(400, message);
  return { at: new Date(parsed.data[0]), key: parsed.data[1] };
}

/** A keyset position with the total of the search it was served for, when the cursor carries one. */
export type CountedCursor = KeysetCursor & { total: number | null };

/** A short digest naming one search (its filters after the access rules), so a total is never reused for another. */
export function searchDigest(search: unknown): string {
  return sha256(canonicalJson(search), 'base64url').slice(0, 16);
}

/**
 * The endCursor of a list whose total is counted once per search: base64url of
 * [time in ms, key, total, digest of the search]. The next pages of the same search read the total
 * back instead of counting again.
 */
export function encodeCountedCursor(at: Date, key: string, total: number, digest: string): string {
  return Buffer.from(JSON.stringify([at.getTime(), key, total, digest])).toString('base64url');
}

/**
 * The position and total `text` names; null when there is none; 400 when it is not a cursor of ours.
 * The total is null (count again) when the cursor was served for another search (`digest` differs) or
 * is a plain [time, key] cursor. The total is validated, not signed: a forged one only misleads the
 * user who forged it about their own search, and never changes which rows they may see.
 */
export function decodeCountedCursor(
  text: string | undefined,
  digest: string,
  { uuidKey = false, message = MESSAGES.invalidRequest }: DecodeOptions = {},
): CountedCursor | null {
  if (!text) return null;
  const parsed = COUNTED[uuidKey ? 'uuid' : 'text'].safeParse(cursorJson(text));
  if (!parsed.success) throw new HttpError(400, message);
  const [at, position, total, servedFor] = parsed.data;
  return { at: new Date(at), key: position, total: total !== undefined && servedFor === digest ? total : null };
}
