import { z } from 'zod';
import { isCountry } from '../catalog/countries';
import { MESSAGES } from '../catalog/messages';
import { STORE_CODE_PATTERN } from '../rules/storeCode';
import { ZInstant, ZSummary, ZText } from './common';

/**
 * Emergency messages (issue 29 item 6): DS_FRIT and DS_LHQIT (its region) put a text or an image over every
 * schedule of a selection of players, from now until an end; the players get it in their manifest (so one
 * offline when it was posted shows it when it comes back, if it has not ended) and by push (within seconds).
 * Cancelling ends it at once. Times are UTC ISO instants.
 */
export const EMERGENCY_TEXT_MAX = 500;
/** The longest an emergency message may last: a week (a longer message is a schedule). */
export const EMERGENCY_MAX_HOURS = 7 * 24;
/** The messages of one page of the list (newest first; keyset pages, as every list). */
export const EMERGENCY_PAGE = 50;

export const EMERGENCY_KINDS = ['text', 'image'] as const;
export const ZEmergencyKind = z.enum(EMERGENCY_KINDS, { error: MESSAGES.invalidRequest });
export type EmergencyKind = z.infer<typeof ZEmergencyKind>;

/** Who gets it: every player the user reaches, or those of some countries, tags or store codes within reach. */
export const EMERGENCY_TARGETS = ['all', 'countries', 'tags', 'stores'] as const;
export const ZEmergencyTarget = z.discriminatedUnion(
  'by',
  [
    z.object({ by: z.literal('all') }),
    z.object({
      by: z.literal('countries'),
      countries: z
        .array(ZText.refine(isCountry, MESSAGES.emergencySelectCountry))
        .min(1, MESSAGES.emergencySelectCountry)
        .max(40),
    }),
    z.object({
      by: z.literal('tags'),
      tag_ids: z
        .array(z.uuid({ error: MESSAGES.selectTags }))
        .min(1, MESSAGES.selectTags)
        .max(100),
    }),
    z.object({
      by: z.literal('stores'),
      shop_nos: z
        .array(ZText.regex(STORE_CODE_PATTERN, MESSAGES.enterStoreCode))
        .min(1, MESSAGES.enterStoreCode)
        .max(500),
    }),
  ],
  { error: MESSAGES.invalidRequest },
);
export type TEmergencyTarget = z.infer<typeof ZEmergencyTarget>;

/** POST /api/emergencies: a text (`text`) or an image content of the library (`content_id`) until `ends_at`. */
export const ZEmergencyPost = z
  .object({
    target: ZEmergencyTarget,
    kind: ZEmergencyKind,
    text: ZText.trim().max(EMERGENCY_TEXT_MAX, MESSAGES.emergencyTextTooLong).nullish(),
    content_id: z.uuid({ error: MESSAGES.emergencySelectImage }).nullish(),
    ends_at: z.iso.datetime({ offset: true, error: MESSAGES.emergencyEndInvalid }),
  })
  .superRefine((post, ctx) => {
    if (post.kind === 'text' && !post.text) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: MESSAGES.emergencyEnterText });
    }
    if (post.kind === 'image' && !post.content_id) {
      ctx.addIssue({ code: 'custom', path: ['content_id'], message: MESSAGES.emergencySelectImage });
    }
  });
export type TEmergencyPost = z.infer<typeof ZEmergencyPost>;

/** active: on screen now · ended: its end passed · cancelled: a user ended it. */
export const ZEmergencyState = z.enum(['active', 'ended', 'cancelled']);
export type EmergencyState = z.infer<typeof ZEmergencyState>;

export const ZEmergency = z.object({
  emergency_id: z.string(),
  kind: ZEmergencyKind,
  text: z.string().nullable(),
  content_id: z.string().nullable(),
  content_name: z.string().nullable(),
  target: ZEmergencyTarget,
  /** The region of a region-bound poster (null: DS_FRIT, any region). */
  region: z.string().nullable(),
  state: ZEmergencyState,
  created_by: z.string(),
  starts_at: ZInstant,
  ends_at: ZInstant,
  cancelled_at: ZInstant.nullable(),
  cancelled_by: z.string().nullable(),
  /** The players it was sent to (chosen when it was posted). */
  players: z.number().int(),
  /** The players whose proof of play says they showed it. */
  players_shown: z.number().int(),
});
export type TEmergency = z.infer<typeof ZEmergency>;
/** GET /api/emergencies: the page after `endCursor` (the first without). */
export const ZEmergencyListQuery = z.object({ endCursor: ZText.max(500, MESSAGES.invalidRequest).optional() });
export type TEmergencyListQuery = z.infer<typeof ZEmergencyListQuery>;
export const ZEmergencyList = z.object({ emergencies: z.array(ZEmergency), summary: ZSummary });
export type TEmergencyList = z.infer<typeof ZEmergencyList>;
export const ZEmergencyParams = z.object({ emergency_id: z.uuid({ error: MESSAGES.notFound }) });

/** In the manifest: the emergency message a player shows over its schedule while now is in [starts_at, ends_at). */
export const ZManifestEmergencyBase = z.object({
  emergency_id: z.string(),
  kind: ZEmergencyKind,
  text: z.string().nullable(),
  starts_at: ZInstant,
  ends_at: ZInstant,
});
