import { z } from 'zod';
import { MESSAGES } from '../catalog/messages';
import { UNSET } from '../catalog/places';
import { isValidStoreCode } from '../rules/storeCode';
import { ZInstant, ZText, zText } from './common';
import {
  ZDeviceCode,
  ZDeviceTimeZone,
  ZDisplayPatternValue,
  ZLocation,
  ZStoreType,
  ZTagId,
  zBooleanish,
} from './devices';

/** A waiting player (SPEC.md section 3, New player). */
export const ZWaitingPlayer = z.object({ device_name: z.string(), created_at: ZInstant });
export type TWaitingPlayer = z.infer<typeof ZWaitingPlayer>;

/** GET /api/registrations: a numbered page (the waiting list is short). */
export const ZWaitingListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
  is_activated: zBooleanish.optional(),
});
export const ZWaitingList = z.object({
  registrations: z.array(ZWaitingPlayer),
  summary: z.object({ total: z.number().int(), page: z.number().int(), max_page: z.number().int() }),
});
export type TWaitingList = z.infer<typeof ZWaitingList>;

export const ZSerial = ZText.trim()
  .min(1, MESSAGES.invalidRequest)
  .max(128, MESSAGES.invalidRequest)
  .regex(/^[\x21-\x7e]+$/, MESSAGES.invalidRequest);

const storeFields = {
  region: zText(MESSAGES.selectDeploymentCountry).trim().min(1, MESSAGES.selectDeploymentCountry),
  shop_no: zText(MESSAGES.enterStoreCode).trim().refine(isValidStoreCode, MESSAGES.enterStoreCode),
  shop_name: zText(MESSAGES.enterStoreName).trim().min(1, MESSAGES.enterStoreName).max(200, MESSAGES.enterStoreName),
  display_pattern: ZDisplayPatternValue,
  memo: ZText.max(500).default(''),
  /** One of the country's zones; the country's default zone when left out. */
  time_zone: ZDeviceTimeZone.optional(),
};

/** POST /api/registrations: registers a waiting player to a store and issues its PIN. */
export const ZNewDeviceRegister = z.object({
  ...storeFields,
  device_name: ZSerial,
  store_type: ZStoreType.or(z.literal('')).default(''),
  device_type: ZLocation.default(UNSET),
  tags: z.array(ZTagId).max(100).default([]),
});
export type TNewDeviceRegister = z.input<typeof ZNewDeviceRegister>;

/** POST /api/players: updates a registered, not yet paired player's store and issues a fresh PIN. */
export const ZPlayerRegister = z.object({ ...storeFields, device_code: ZDeviceCode });
export type TPlayerRegister = z.input<typeof ZPlayerRegister>;

/** The PIN to type on the player, shown once. */
export const ZIssuedPin = z.object({
  device_code: z.string(),
  device_name: z.string(),
  pin: z.string(),
  expires_at: ZInstant,
});
export type TIssuedPin = z.infer<typeof ZIssuedPin>;

/** GET /api/players/{device_code}: whether a registered player has paired (typed its PIN) yet. */
export const ZPairingStatus = z.object({
  device_code: z.string(),
  device_name: z.string(),
  is_activated: z.boolean(),
  activated_at: ZInstant.nullable(),
  /**
   * Wrong PINs typed for the player's open PIN, from any address (the server cannot tell the installer's
   * from a stranger's before pairing; 0 without an open PIN). The console shows them as 'PIN attempts
   * from elsewhere'; at PAIR_THROTTLE.guessesPerPin the PIN is void (`pin_void`) until a new one is issued.
   */
  wrong_pin_attempts: z.number().int().nonnegative(),
  pin_void: z.boolean(),
});
export type TPairingStatus = z.infer<typeof ZPairingStatus>;
