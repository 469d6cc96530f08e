/** Authority values (SPEC.md section 6). */
export const ROLES = ['DS_MK', 'DS_ST', 'DS_KT', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Only these roles see every region; the others are bound to the region of their user. */
export const REGION_FREE_ROLES: readonly Role[] = ['DS_MK', 'DS_FRIT'];

export function isRegionBound(role: Role): boolean {
  return !REGION_FREE_ROLES.includes(role);
}

/** Shop staff are also bound to their own shop (SPEC.md section 6: "own region and shop_no"). */
export const SHOP_BOUND_ROLES: readonly Role[] = ['DS_ST'];

export function isShopBound(role: Role): boolean {
  return SHOP_BOUND_ROLES.includes(role);
}

/**
 * Role groups of SPEC.md sections 2 and 6: the ONE place role lists are written. Console routes
 * (catalog/routes.ts), API contracts (contracts/) and the server's policies (can()) all take theirs from here.
 */
export const ROLE_GROUPS = {
  /** Every role: the player list and details, the floor map. */
  everyone: ROLES,
  /** The waiting list, registering a waiting player and issuing its PIN. */
  registrars: ['DS_KT', 'DS_LHQIT', 'DS_FRIT'],
  /** Players registered to a store but not paired yet ('Not registered'): kitting staff only. */
  kitters: ['DS_KT'],
  /** Edit a player's memo, store type, installation site and tags (everyone but shop staff). */
  playerEditors: ['DS_MK', 'DS_KT', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'],
  /** Read a player's logs. */
  logReaders: ['DS_FRIT'],
  /** Register, change and delete tags (settings). */
  tagEditors: ['DS_FRIT'],
  /** Read contents: the content list's roles plus DS_ST, who picks contents for playlists. */
  contentReaders: ['DS_MK', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT', 'DS_ST'],
  /** Marketing view of the player list and the player picker (kind 0). */
  marketing: ['DS_MK', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'],
  /** Edit schedules and playlists. */
  scheduleEditors: ['DS_ST', 'DS_MK', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'],
  /** Duplicate a schedule. */
  scheduleDuplicators: ['DS_MK', 'DS_ST', 'DS_FRIT'],
  /** Proof-of-play history: the content history screens and a player's plays (SPEC.md section 2). */
  historyReaders: ['DS_MK', 'DS_FRIT'],
  /** Content details and registration. */
  contentEditors: ['DS_MK', 'DS_FRIT'],
  /** Delete a player. */
  playerDeleters: ['DS_LHQIT', 'DS_FRIT'],
  /** Correct a player's store (code, name, country, display pattern) and upload floor maps. */
  storeEditors: ['DS_LHQIT', 'DS_FRIT'],
  /** Filter players by shop number, display pattern, store type and so on. */
  playerFilterers: ['DS_MK', 'DS_KT', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'],
  /** Read the audit trail (issue 29 item 7): DS_FRIT every entry, DS_LHQIT its own region's. */
  auditReaders: ['DS_LHQIT', 'DS_FRIT'],
  /** Post and cancel emergency messages (issue 29 item 6): DS_FRIT any region, DS_LHQIT its own. */
  emergencyPosters: ['DS_LHQIT', 'DS_FRIT'],
  /**
   * Subscribe to fleet alerts (issue 29 item 3): the roles that watch and fix the fleet, DS_FRIT every country,
   * DS_LHQIT its own region's (the ones that may delete a player and correct its store).
   */
  alertWatchers: ['DS_LHQIT', 'DS_FRIT'],
  /** The fleet health screen (issue 29 item 2): DS_LHQIT and DS_FRIT, and DS_LHQBIZ reading it only; own region. */
  fleetHealthReaders: ['DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'],
} as const satisfies Record<string, readonly Role[]>;
