import { isRegionBound, ROLE_GROUPS, type Role } from '../catalog/roles';

/**
 * Player rules that the spec leaves open, decided here once for server and console.
 *
 * A player sends a heartbeat every HEARTBEAT_INTERVAL_SECONDS. It counts as alive while its last
 * heartbeat reported no fault and is younger than ALIVE_WINDOW_MS (three missed poll windows);
 * otherwise the console shows 'Issue'.
 */
export const HEARTBEAT_INTERVAL_SECONDS = 60;
export const MISSED_WINDOWS_BEFORE_ISSUE = 3;
export const ALIVE_WINDOW_MS = MISSED_WINDOWS_BEFORE_ISSUE * HEARTBEAT_INTERVAL_SECONDS * 1000;

/** A PIN is six digits, single use, and expires 30 minutes after it was issued. */
export const PIN_LENGTH = 6;
export const PIN_LIFETIME_MS = 30 * 60 * 1000;

/**
 * Pairing guesses (docs/throttles.md), counted in the database so every server
 * process agrees, with the sign-in throttle's shape: a stranger's guesses cost only the stranger.
 * - per serial and address: 5 wrong PINs for one serial from one address within 15 minutes refuse that
 *   pair (429) until the oldest leaves the window; the installer at the player, guessing from its own
 *   address, is not held up by strangers guessing from others;
 * - per address: 20 wrong PINs within 15 minutes, whatever the serials, refuse the address;
 * - per PIN, from all addresses together: at most 30 guesses, then the PIN is void until staff issue a
 *   new one (a new PIN starts with a clean count). The odds of finding a PIN are therefore at most
 *   30 in 10^6 (1 in 33,333) per PIN issued however many addresses guess during its 30-minute life; an
 *   address alone gets at most 10 of the 30 in that life (5 per window), so only several addresses
 *   together can void a PIN, and the console shows staff the wrong attempts ('PIN attempts from elsewhere').
 */
export const PAIR_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  perSerialAndAddress: 5,
  perAddress: 20,
  guessesPerPin: 30,
} as const;

/** A waiting player that announced itself within this window counts as active (is_activated=true). */
export const ANNOUNCE_ACTIVE_WINDOW_MS = 10 * 60 * 1000;

export function isAlive(device: { is_alive: boolean; last_accessed: string | Date | null }, now: Date): boolean {
  if (!device.is_alive || device.last_accessed === null) return false;
  const last = new Date(device.last_accessed).getTime();
  return now.getTime() - last <= ALIVE_WINDOW_MS;
}

/**
 * Why a player shows 'Issue': it never reported, it reported an error within the alive window, or it
 * has been silent since its last access.
 */
export type IssueReason =
  | { kind: 'neverConnected' }
  | { kind: 'errorReported'; at: string }
  | { kind: 'offline'; since: string };

export function issueReasonOf(
  device: { is_alive: boolean; last_accessed: string | null },
  now: Date,
): IssueReason | null {
  if (isAlive(device, now)) return null;
  if (device.last_accessed === null) return { kind: 'neverConnected' };
  const silentFor = now.getTime() - new Date(device.last_accessed).getTime();
  return silentFor <= ALIVE_WINDOW_MS
    ? { kind: 'errorReported', at: device.last_accessed }
    : { kind: 'offline', since: device.last_accessed };
}

export function aliveCutoff(now: Date): Date {
  return new Date(now.getTime() - ALIVE_WINDOW_MS);
}

export function isPinExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/** Which table of the player list a role sees (SPEC.md section 2, Player list). */
export type PlayerListView = 'marketing' | 'kitting' | 'shop';

export function playerListViewFor(role: Role): PlayerListView {
  if (role === 'DS_KT') return 'kitting';
  if (role === 'DS_ST') return 'shop';
  return 'marketing';
}

export const canEditPlayer = (role: Role): boolean => (ROLE_GROUPS.playerEditors as readonly Role[]).includes(role);
export const canDeletePlayer = (role: Role): boolean => (ROLE_GROUPS.playerDeleters as readonly Role[]).includes(role);
/** Store code, store name, country and display pattern of a registered player; floor-map uploads. */
export const canEditStore = (role: Role): boolean => (ROLE_GROUPS.storeEditors as readonly Role[]).includes(role);
export const canFilterPlayers = (role: Role): boolean =>
  (ROLE_GROUPS.playerFilterers as readonly Role[]).includes(role);
export const canReadPlayerLogs = (role: Role): boolean => (ROLE_GROUPS.logReaders as readonly Role[]).includes(role);
/** The country field of the player search shows only to roles that are not region-bound. */
export const canChooseCountry = (role: Role): boolean => !isRegionBound(role);

/**
 * SPEC.md section 6: every role but DS_KT lists activated players only. Kitting staff also see
 * players registered to a store whose PIN has not been entered yet ('Not registered').
 */
export const listsActivatedOnly = (role: Role): boolean => role !== 'DS_KT';

/** SPEC.md section 6: the waiting list asks for active announcements for DS_MK, DS_LHQIT and DS_FRIT. */
export function waitingListActivatedParam(role: Role): boolean | undefined {
  return role === 'DS_MK' || role === 'DS_LHQIT' || role === 'DS_FRIT' ? true : undefined;
}
