import { z } from 'zod';
import { MESSAGES } from '../catalog/messages';
import { LOG_TIME_PATTERN } from '../rules/logs';
import { ZInstant, ZOrder, ZSummary, ZText } from './common';
import { ZDeviceCode } from './devices';

export const LOG_LEVELS = ['INFO', 'WARNING', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const ZLogLevel = z.enum(LOG_LEVELS);
export const ZLogLevelFilter = z.enum(['ALL', ...LOG_LEVELS]).default('ALL');

const ZLogTime = ZText.trim().regex(LOG_TIME_PATTERN, MESSAGES.invalidRequest);

/** Log entry (SPEC.md section 3) with its level and time range. */
export const ZLogEntry = z.object({
  log_id: z.string(),
  name: z.string(),
  level: ZLogLevel,
  started_at: ZInstant,
  ended_at: ZInstant,
  size: z.number().int(),
});
export type TLogEntry = z.infer<typeof ZLogEntry>;

/** GET /api/devices/logs: logs whose time range meets [start, end] (UTC, 'YYYY-MM-DD HH:mm'). */
export const ZLogListQuery = z.object({
  device_code: ZDeviceCode,
  endCursor: ZText.max(500).optional(),
  order: ZOrder,
  start: ZLogTime.optional(),
  end: ZLogTime.optional(),
  level: ZLogLevelFilter,
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type TLogListQuery = z.input<typeof ZLogListQuery>;
export const ZLogList = z.object({ logs: z.array(ZLogEntry), summary: ZSummary });
export type TLogList = z.infer<typeof ZLogList>;

/** POST /api/devices/logs/download: one log (`log_id`) or every log matching the filter (`downloadAll`). */
export const ZLogDownload = z.union([
  z.object({
    device_code: ZDeviceCode,
    log_id: z.uuid({ error: MESSAGES.invalidRequest }),
    name: ZText.max(200).optional(),
  }),
  z.object({
    device_code: ZDeviceCode,
    downloadAll: z.literal(true),
    order: ZOrder,
    name: ZText.max(200).optional(),
    start: ZLogTime.optional(),
    end: ZLogTime.optional(),
    level: ZLogLevelFilter,
  }),
]);
export type TLogDownload = z.input<typeof ZLogDownload>;
