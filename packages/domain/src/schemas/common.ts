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
