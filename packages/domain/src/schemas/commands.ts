import { z } from 'zod';
import { MESSAGES } from '../catalog/messages';
import { ZInstant, ZText } from './common';
import { ZDeviceCode } from './devices';

/**
 * Remote commands and screenshots (issue 29 items 4 and 5): a user who may edit a player asks it, through the
 * push channel, to take a screenshot, reload, re-download its media, identify itself or restart; the player
 * answers each with its outcome. Times are UTC ISO instants.
 */
export const COMMAND_KINDS = ['screenshot', 'reload', 'redownload', 'identify', 'restart'] as const;
export const ZCommandKind = z.enum(COMMAND_KINDS);
export type CommandKind = z.infer<typeof ZCommandKind>;

/**
 * A command is fresh for this long after it was asked: the player gets it by push at once, or, offline, when it
 * connects again within this time (it asks for its pending commands on every connection). Not answered by then,
 * it is 'expired' (the console says 'Not answered') and no player ever runs it: a reload asked an hour ago must
 * not surprise a store that came back.
 */
export const COMMAND_FRESH_SECONDS = 60;
/** How long 'identify' shows the store code and player name full-screen. */
export const IDENTIFY_SECONDS = 30;
/** The largest screenshot a player may upload (JPEG bytes, before base64). */
export const SCREENSHOT_MAX_BYTES = 1_000_000;
/** The screenshots kept per player: older ones are deleted (row and blob) as a new one arrives. */
export const SCREENSHOTS_KEPT = 10;
/** The commands a player's detail lists (the latest). */
export const COMMANDS_LISTED = 20;

/** pending: asked, not answered yet · done / failed: the player's answer · expired: not answered while fresh. */
export const COMMAND_STATES = ['pending', 'done', 'failed', 'expired'] as const;
export const ZCommandState = z.enum(COMMAND_STATES);
export type CommandState = z.infer<typeof ZCommandState>;

export const ZCommandId = z.uuid({ error: MESSAGES.invalidRequest });
export const ZCommandRequest = z.object({ kind: ZCommandKind });
export type TCommandRequest = z.infer<typeof ZCommandRequest>;

export const ZCommand = z.object({
  command_id: z.string(),
  kind: ZCommandKind,
  state: ZCommandState,
  /** user_id of who asked. */
  requested_by: z.string(),
  requested_at: ZInstant,
  answered_at: ZInstant.nullable(),
  /** Why it failed, as the player said (null otherwise). */
  message: z.string().nullable(),
  /** A screenshot command's picture, once uploaded. */
  screenshot_id: z.string().nullable(),
});
export type TCommand = z.infer<typeof ZCommand>;

export const ZScreenshot = z.object({
  screenshot_id: z.string(),
  /** When the server received it (the player takes it just before it sends it). */
  taken_at: ZInstant,
  size: z.number().int(),
  /** Taken by the player itself with a playback error: the error (null for one asked from the console). */
  error: z.string().nullable(),
  command_id: z.string().nullable(),
});
export type TScreenshot = z.infer<typeof ZScreenshot>;

/** A player's latest commands (newest first) and its kept screenshots (newest first). */
export const ZCommandList = z.object({ commands: z.array(ZCommand), screenshots: z.array(ZScreenshot) });
export type TCommandList = z.infer<typeof ZCommandList>;

export const ZScreenshotParams = z.object({
  device_code: ZDeviceCode,
  screenshot_id: z.uuid({ error: MESSAGES.invalidRequest }),
});

// ---- the player's side (/agent/v1) ----

/** The push event `command` and each entry of GET /agent/v1/commands: run it once (by id), then answer it. */
export const ZIdentifyShown = z.object({ store_code: z.string(), store_name: z.string(), player_name: z.string() });
export type TIdentifyShown = z.infer<typeof ZIdentifyShown>;
/** `identify` carries what to show: the store code and name and the player's name (its serial). */
export const ZAgentCommand = z.object({
  command_id: z.string(),
  kind: ZCommandKind,
  identify: ZIdentifyShown.optional(),
});
export type TAgentCommand = z.infer<typeof ZAgentCommand>;
export const ZAgentCommandList = z.object({ commands: z.array(ZAgentCommand) });
export const ZAgentCommandParams = z.object({ command_id: ZCommandId });
export const ZCommandAnswer = z.object({
  outcome: z.enum(['done', 'failed']),
  message: ZText.max(500).nullish(),
});
export type TCommandAnswer = z.infer<typeof ZCommandAnswer>;
/** What the server holds after an answer (an answer to a command already answered changes nothing). */
export const ZCommandAnswerReply = z.object({ state: ZCommandState });

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
export const SCREENSHOT_MESSAGES = {
  notJpeg: 'jpeg must be a base64 JPEG image',
  tooLarge: `A screenshot may be at most ${SCREENSHOT_MAX_BYTES} bytes`,
} as const;
/** POST /agent/v1/screenshots: a JPEG (base64) with the command it answers, or the playback error it shows. */
export const ZScreenshotUpload = z.object({
  command_id: ZCommandId.nullish(),
  error: ZText.max(500).nullish(),
  /** Its size is checked once decoded (413 beyond SCREENSHOT_MAX_BYTES; the body limit is set from it). */
  jpeg: ZText.min(4, SCREENSHOT_MESSAGES.notJpeg).regex(BASE64, SCREENSHOT_MESSAGES.notJpeg),
});
export type TScreenshotUpload = z.infer<typeof ZScreenshotUpload>;
export const ZScreenshotReply = z.object({ screenshot_id: z.string(), size: z.number().int() });
