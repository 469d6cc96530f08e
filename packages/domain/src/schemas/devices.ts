import { z } from 'zod';
import { PAGE_SIZE } from '../catalog/constants';
import { isCatalogueZone } from '../catalog/countryZones';
import { DISPLAY_PATTERN_VALUES } from '../catalog/displayPatterns';
import { MESSAGES } from '../catalog/messages';
import { LOCATIONS, STORE_TYPES } from '../catalog/places';
import { STORE_CODE_PATTERN, TYPED_STORE_CODE_PATTERN } from '../rules/storeCode';
import { ZInstant, ZOrder, ZSummary, ZText, zText } from './common';
import { ZDeliveryReport, ZOnScreen } from './delivery';
import { ZScheduleBrief } from './scheduleBrief';

/** 'true'/'false' in a query string, or a real boolean in JSON. */
export const zBooleanish = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** A list parameter: repeated (`tags=a&tags=b`) or comma-separated (`tags=a,b`). */
export const zList = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .union([ZText, z.array(ZText)])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(100));

export const ZDeviceCode = ZText.trim().regex(/^[A-Za-z0-9_-]{1,64}$/, MESSAGES.invalidRequest);
export const ZTagId = z.uuid({ error: MESSAGES.selectTags });
export const ZStoreType = z.enum(STORE_TYPES, { error: MESSAGES.invalidRequest });
export const ZLocation = z.enum(LOCATIONS, { error: MESSAGES.invalidRequest });
export const ZDisplayPatternValue = z.enum(DISPLAY_PATTERN_VALUES, { error: MESSAGES.invalidRequest });
/**
 * A player's configured zone as staff send it, parsed into the domain's TimeZone: one of the catalogue countries'
 * zones (catalog/timeZones.ts), without Temporal (the console's player screens validate with it). Whether it is a
 * zone of the player's own country depends on that country, which the server checks.
 */
export const ZDeviceTimeZone = zText(MESSAGES.invalidTimeZone)
  .trim()
  .transform((value, ctx) => {
    if (isCatalogueZone(value)) return value;
    ctx.addIssue({ code: 'custom', message: MESSAGES.invalidTimeZone });
    return z.NEVER;
  });

/** A tag as a player carries it: id and names in four languages. */
export const ZDeviceTag = z.object({ id: z.string(), en: z.string(), ja: z.string(), zh: z.string(), ko: z.string() });
export type TDeviceTag = z.infer<typeof ZDeviceTag>;

/** A clock further than this from the server's is flagged to staff (schedules switch on the player's clock). */
export const CLOCK_OFF_MS = 60_000;

/**
 * Confirmed delivery (ARCHITECTURE.md section 5), from the player's last heartbeat. `up_to_date`: the player
 * plays from the manifest the server gives it now. `pending`: something in its manifest changed (a schedule,
 * a content, the player's store or zone) and the player has not applied it yet, since `pending_since`.
 * `unknown`: the player has never reported what it plays (an older player, or never started).
 */
export const ZDeviceDelivery = z.object({
  state: z.enum(['up_to_date', 'pending', 'unknown']),
  pending_since: z.string().nullable(),
  applied_version: z.string().nullable(),
  /** What the player showed at its last heartbeat; content_name is the content's current name. */
  on_screen: ZOnScreen.extend({ content_name: z.string().nullable() }).nullable(),
  download: ZDeliveryReport.shape.download,
  cache_bytes: z.number().int().nullable(),
  quota_bytes: z.number().int().nullable(),
  clock_skew_ms: z.number().int().nullable(),
  /** |clock_skew_ms| > CLOCK_OFF_MS. */
  clock_off: z.boolean(),
  player_version: z.string().nullable(),
  /** Plays the player could not record since it was paired (its storage full or unavailable), as it last said. */
  plays_unrecorded: z.number().int(),
  reported_at: ZInstant.nullable(),
});
export type TDeviceDelivery = z.infer<typeof ZDeviceDelivery>;

/** Player (device), SPEC.md section 3. `is_alive` is the effective state (see isAlive). */
export const ZDevice = z.object({
  device_code: z.string(),
  /** Whether a floor map PDF is stored for the player's shop (the list links it only then). */
  has_floor_map: z.boolean(),
  device_name: z.string(),
  region: z.string(),
  shop_no: z.string(),
  shop_name: z.string(),
  display_pattern: z.string(),
  memo: z.string(),
  store_type: z.string(),
  device_type: z.string(),
  tags: z.array(ZDeviceTag),
  s2id: z.string(),
  /** IANA zone the store's schedule dates and times are read in (set by staff; defaulted from the country). */
  time_zone: z.string(),
  /** The zone the player last reported for its own clock; null until it reports one. */
  reported_time_zone: z.string().nullable(),
  is_alive: z.boolean(),
  is_activated: z.boolean(),
  /** Whether its store is open now by its opening hours (always true without them): false shows 'Closed now'. */
  store_open: z.boolean(),
  /** Whether a schedule that has not ended (in the player's zone) plays on the player. */
  has_schedule: z.boolean(),
  /** The schedule playing now (SPEC.md section 4: latest-created whose range contains now), or null. */
  current_schedule: ZScheduleBrief.nullable(),
  /** The schedule starting soonest after now, other than the current one, or null. */
  next_schedule: ZScheduleBrief.nullable(),
  /** What the player confirmed it plays (heartbeat) against what the server would give it now. */
  delivery: ZDeviceDelivery,
  last_accessed: z.string().nullable(),
  activated_at: ZInstant.nullable(),
  updated_at: ZInstant,
});
export type TDevice = z.infer<typeof ZDevice>;

/** GET /api/devices (SPEC.md section 7). Text filters match anywhere, case-insensitively. */
export const ZDeviceListQuery = z.object({
  shop_name: ZText.trim().max(200).optional(),
  memo: ZText.trim().max(500).optional(),
  endCursor: ZText.max(500).optional(),
  order: ZOrder,
  is_alive: zBooleanish.optional(),
  has_schedule: zBooleanish.optional(),
  is_activated: zBooleanish.optional(),
  /** Only players whose delivery is pending (the plan changed and the player has not applied it yet). */
  delivery_pending: zBooleanish.optional(),
  region: ZText.trim().max(8).optional(),
  shop_no: ZText.trim().regex(TYPED_STORE_CODE_PATTERN, MESSAGES.enterStoreCode).optional(),
  display_pattern: zList(ZDisplayPatternValue).optional(),
  store_type: zList(ZStoreType).optional(),
  device_type: zList(ZLocation).optional(),
  /** Players carrying any of these tags. */
  tags: zList(ZTagId).optional(),
  /** Players carrying none of these tags. */
  exclude_tag: zList(ZTagId).optional(),
  exclude_store_type: zList(ZStoreType).optional(),
  exclude_device_type: zList(ZLocation).optional(),
  /** Players in one fleet-health state (schemas/fleet.ts), the health screen's links. */
  health: z.enum(['online', 'offline_open', 'offline_closed', 'behind', 'errors', 'storage']).optional(),
  /** Every matching player in one answer (up to DEVICE_LIST_ALL_LIMIT), for "select all" pickers. */
  all: zBooleanish.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type TDeviceListQuery = z.input<typeof ZDeviceListQuery>;
export type TDeviceListFilter = z.output<typeof ZDeviceListQuery>;
export const DEVICE_LIST_ALL_LIMIT = 5000;

export const ZDeviceList = z.object({ devices: z.array(ZDevice), summary: ZSummary });
export type TDeviceList = z.infer<typeof ZDeviceList>;

export const ZDeviceCodeParams = z.object({ device_code: ZDeviceCode });
/** GET /api/devices/{device_code} answers a list of one, as the spec's `devices[]`. */
export const ZDeviceDetail = z.object({ devices: z.array(ZDevice) });

/**
 * PUT /api/devices/{device_code}: memo, store type, installation site, tags and time zone; DS_LHQIT and
 * DS_FRIT also correct the store (code, name, country, display pattern) instead of deleting and re-pairing.
 */
export const ZDeviceUpdate = z.object({
  region: zText(MESSAGES.selectDeploymentCountry).trim().min(1, MESSAGES.selectDeploymentCountry).optional(),
  shop_no: zText(MESSAGES.enterStoreCode).trim().regex(STORE_CODE_PATTERN, MESSAGES.enterStoreCode).optional(),
  shop_name: zText(MESSAGES.enterStoreName)
    .trim()
    .min(1, MESSAGES.enterStoreName)
    .max(200, MESSAGES.enterStoreName)
    .optional(),
  display_pattern: ZDisplayPatternValue.optional(),
  memo: ZText.max(500, MESSAGES.playerPutFailed).optional(),
  store_type: ZStoreType.or(z.literal('')).optional(),
  device_type: ZLocation.optional(),
  tags: z.array(ZTagId).max(100).optional(),
  /** One of the zones of the player's country. */
  time_zone: ZDeviceTimeZone.optional(),
});
export type TDeviceUpdate = z.infer<typeof ZDeviceUpdate>;
