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

/** Role groups that several rules of SPEC.md section 6 share. */
export const ROLE_GROUPS = {
  /** Marketing view of the player list and the player picker (kind 0). */
  marketing: ['DS_MK', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'],
  /** Edit schedules and playlists. */
  scheduleEditors: ['DS_ST', 'DS_MK', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'],
  /** Duplicate a schedule. */
  scheduleDuplicators: ['DS_MK', 'DS_ST', 'DS_FRIT'],
  /** Content details and registration. */
  contentEditors: ['DS_MK', 'DS_FRIT'],
  /** Delete a player. */
  playerDeleters: ['DS_LHQIT', 'DS_FRIT'],
  /** Correct a player's store (code, name, country, display pattern) and upload floor maps. */
  storeEditors: ['DS_LHQIT', 'DS_FRIT'],
  /** Filter players by shop number, display pattern, store type and so on. */
  playerFilterers: ['DS_MK', 'DS_KT', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'],
} as const satisfies Record<string, readonly Role[]>;
