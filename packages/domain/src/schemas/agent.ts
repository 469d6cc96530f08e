import { z } from 'zod';
import { HEARTBEAT_INTERVAL_SECONDS } from '../rules/players';
import { isValidZone } from '../rules/time';
import { ZLogLevel } from './logs';
import { ZSerial } from './registrations';

/** The player protocol /agent/v1 (ARCHITECTURE.md section 5). Its texts are for machines and installers. */
export const AGENT_MESSAGES = {
  tokenRequired: 'A valid device token is required',
  pinRejected: 'The PIN is not valid for this player',
  tooManyGuesses: 'Too many wrong PINs. Wait and try again',
  badRange: 'The log time range ends before it starts',
  badTimeZone: 'time_zone must be an IANA time zone name such as Europe/London',
} as const;

/** The zone the player's own clock is set to, as it reports it. Recorded for staff to see; never applied. */
export const ZReportedTimeZone = z.string().refine(isValidZone, AGENT_MESSAGES.badTimeZone);

export const ZAnnounce = z.object({ serial: ZSerial, time_zone: ZReportedTimeZone.optional() });
/** waiting: not registered yet · registered: a store is set, PIN pending · activated: paired. */
export const ZAgentState = z.enum(['waiting', 'registered', 'activated']);
export const ZAnnounceReply = z.object({ state: ZAgentState, announce_interval_seconds: z.number().int() });

export const ZPair = z.object({
  serial: ZSerial,
  pin: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The PIN has six digits'),
});
export const ZPairReply = z.object({
  device_code: z.string(),
  token: z.string(),
  heartbeat_interval_seconds: z.number().int(),
});

export const ZHeartbeat = z
  .object({ status: z.enum(['ok', 'error']).default('ok'), time_zone: ZReportedTimeZone.optional() })
  .default({ status: 'ok' });
export const ZHeartbeatReply = z.object({
  device_code: z.string(),
  heartbeat_interval_seconds: z.literal(HEARTBEAT_INTERVAL_SECONDS),
});

/** Log upload: one log file (UTF-8 text, up to 4 MiB) with its level and time range. */
export const AGENT_LOG_MAX_BYTES = 4 * 1024 * 1024;
export const ZLogUpload = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9._-]+$/),
  level: ZLogLevel,
  started_at: z.iso.datetime({ offset: true }),
  ended_at: z.iso.datetime({ offset: true }),
  content: z.string().max(AGENT_LOG_MAX_BYTES),
});
export type TLogUpload = z.infer<typeof ZLogUpload>;
export const ZLogUploadReply = z.object({ log_id: z.string(), size: z.number().int() });
