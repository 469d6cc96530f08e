import { z } from 'zod';
import { MORE_RESULTS, NO_MORE_RESULTS } from '../catalog/constants';

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

/**
 * Whether any string in a request value (params, query or body; object keys included) holds U+0000.
 * PostgreSQL text cannot store it and fails the whole statement, so the server refuses such input for
 * every route at once (MESSAGES.controlCharacters) before any schema or query sees it. Iterative, so a
 * deeply nested JSON body cannot exhaust the stack.
 */
export function containsNulCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
