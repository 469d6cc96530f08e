import { z } from 'zod';
import { MORE_RESULTS, NO_MORE_RESULTS } from '../catalog/constants';
import { MESSAGES } from '../catalog/messages';

/** Every JSON answer of the API (ARCHITECTURE.md section 3). */
export const ZResult = z.enum(['Success', 'Failure']);

export function zEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ result: ZResult, message: z.string(), data });
}

export const ZFailure = z.object({ result: z.literal('Failure'), message: z.string(), data: z.null() });
export type TFailure = z.infer<typeof ZFailure>;

export type TEnvelope<T> = { result: 'Success' | 'Failure'; message: string; data: T };

/** Cursor summary of every list. `total` is given where a screen shows a count. */
export const ZMoreResults = z.enum([MORE_RESULTS, NO_MORE_RESULTS]);
export const ZSummary = z.object({
  endCursor: z.string().nullable(),
  moreResults: ZMoreResults,
  total: z.number().int().nonnegative().optional(),
});
export type TSummary = z.infer<typeof ZSummary>;

export const ZOrder = z.enum(['ASC', 'DESC']).default('DESC');
export type TOrder = z.infer<typeof ZOrder>;

export const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export const ZLiveness = z.object({ status: z.literal('ok') });

/** Whether any string in a value (object keys included) passes `test`. Iterative: deep JSON cannot exhaust the stack. */
function anyString(value: unknown, test: (text: string) => boolean): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (test(next)) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        if (test(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/**
 * Whether any string in a request value (params, query or body; object keys included) holds U+0000.
 * PostgreSQL text cannot store it and fails the whole statement, so the server refuses such input for
 * every route at once (MESSAGES.controlCharacters) before any schema or query sees it.
 */
export function containsNulCharacter(value: unknown): boolean {
  return anyString(value, (text) => text.includes('\u0000'));
}

/** Whether any string in a value (object keys included) holds a lone surrogate (see isWellFormedText). */
export function containsIllFormedText(value: unknown): boolean {
  return anyString(value, (text) => !isWellFormedText(text));
}

/** A lone surrogate (U+D800-U+DFFF not in a pair): the fallback where String.prototype.isWellFormed is missing. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Whether a string is well-formed UTF-16: no lone surrogate ("\ud800" alone), which no UTF-8 text can hold.
 * PostgreSQL's jsonb refuses one (the whole statement fails) and text columns would store garbage.
 * Native isWellFormed (Node 20, Chromium 111) where it exists: ES2024, beyond the TypeScript lib used here.
 */
export function isWellFormedText(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(text) : !LONE_SURROGATE.test(text);
}

/**
 * The string of every request field (bodies, query, path parameters, the player protocol, multipart fields):
 * a well-formed string, else 400 with MESSAGES.illFormedText. Chain the field's own rules after it
 * (`ZText.trim().max(200, MESSAGES.x)`); their messages stay. test/requestStrings.test.ts walks every
 * contract's request schemas and fails on a string that accepts a lone surrogate (a bare z.string()).
 */
export const ZText = zText();

/** ZText whose message for a missing or non-string value is `error` (a field's own "Please enter …"). */
export function zText(error?: string) {
  return z
    .string(error === undefined ? undefined : { error })
    .refine(isWellFormedText, { error: MESSAGES.illFormedText });
}

/**
 * Dates on the wire, one schema each for both sides: an instant is ISO 8601 in UTC or with its offset
 * (the server writes `2026-03-01T09:30:00.000Z`), a local date is a calendar day `YYYY-MM-DD` (the history's
 * UTC days). Answers declare their dates with these, so the server's answer and what the console and the
 * agent client parse are checked against the same format; code reads an instant with Date.parse.
 */
export const ZInstant = z.iso.datetime({ offset: true });
export type TInstant = z.infer<typeof ZInstant>;
export const ZLocalDate = z.iso.date();
export type TLocalDate = z.infer<typeof ZLocalDate>;
