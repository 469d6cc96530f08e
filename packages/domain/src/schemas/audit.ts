import { z } from 'zod';
import { ZSummary, ZText } from './common';

/**
 * The audit trail (issue 29 item 7): who did what, when, to which object, with the change. Every write the
 * API makes records one entry (apps/server/src/audit); DS_FRIT reads them all, DS_LHQIT those of its region.
 * An entry's region is the region of the object acted on when it has one (a player, a store's floor map, a
 * registration), else the region of the user who acted; entries of the command line and the server itself
 * have none ('') and only region-free readers see them.
 */
export const AUDIT_MESSAGES = {
  invalidUser: 'The user ID is too long',
  invalidAction: 'The action is not valid',
  invalidObject: 'The object is too long',
  invalidFrom: 'The start time is not a valid time',
  invalidTo: 'The end time is not a valid time',
  toBeforeFrom: 'The end time cannot be before the start time',
} as const;

/** Entries per page of the audit trail. */
export const AUDIT_PAGE = 50;
/** Most entries one CSV export holds; a longer answer says so in its last line. */
export const AUDIT_CSV_MAX_ROWS = 100_000;

/** The actions the server records, by object: the console's action filter offers these. */
export const AUDIT_ACTIONS = [
  'user.login',
  'user.logout',
  'user.add',
  'user.passwd',
  'user.remove',
  'user.bootstrap',
  'user.sso_refused',
  'setting.create',
  'setting.update',
  'setting.delete',
  'player.register',
  'player.pin',
  'player.pair',
  'player.edit',
  'player.delete',
  'player.logs_download',
  'player.command',
  'player.hours',
  'alert.subscribe',
  'alert.unsubscribe',
  'floormap.upload',
  'content.register',
  'content.update',
  'content.delete',
  'content.stream_key',
  'schedule.create',
  'schedule.update',
  'schedule.duplicate',
  'schedule.delete',
  'schedule.detach',
  'emergency.post',
  'emergency.cancel',
] as const;

const ACTION = /^[a-z][a-z_]*(\.[a-z][a-z_]*)?$/;

const optionalText = (max: number, message: string) =>
  ZText.trim()
    .max(max, message)
    .optional()
    .transform((v) => v || undefined);

const instant = (message: string) =>
  ZText.trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))), message);

/** The filters of the audit trail: all optional; `from` and `to` are instants (ISO 8601 with an offset). */
export const ZAuditQuery = z
  .object({
    user: optionalText(64, AUDIT_MESSAGES.invalidUser),
    action: optionalText(64, AUDIT_MESSAGES.invalidAction).refine(
      (v) => v === undefined || ACTION.test(v),
      AUDIT_MESSAGES.invalidAction,
    ),
    object: optionalText(200, AUDIT_MESSAGES.invalidObject),
    from: instant(AUDIT_MESSAGES.invalidFrom),
    to: instant(AUDIT_MESSAGES.invalidTo),
    region: ZText.trim().max(10).optional(),
    endCursor: ZText.max(200).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE).default(AUDIT_PAGE),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    path: ['to'],
    message: AUDIT_MESSAGES.toBeforeFrom,
  });

/** One field an edit changed: its value before and after (absent when there was none). */
export const ZAuditChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The user ID of who acted; 'cli' for the admin command line, 'system' for the server, 'sso' for a refusal. */
  actor: z.string(),
  action: z.string(),
  /** The object acted on (a player's code, a schedule's or content's id, a tag's id, a user ID); '' for none. */
  object: z.string(),
  region: z.string(),
  /** What the writer recorded. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  /** For edits: each field's value before and after. */
  changes: z.array(ZAuditChange),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditList = z.object({ entries: z.array(ZAuditEntry), summary: ZSummary });
export type TAuditList = z.infer<typeof ZAuditList>;
