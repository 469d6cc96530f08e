import { isRegionBound } from '@signage/domain';
import { and, type Column, eq, type SQL } from 'drizzle-orm';
import { forbidden, notFound } from '../http/envelope';
import { boundsOf, can, effectiveRegion, inScope, type Scope, scopeOf, scopeWhere } from './policies';
import type { SessionUser } from './sessions';

/*
 * Row-level access (SPEC.md section 6): which rows of each entity a signed-in user reaches. For each entity
 * one reach value is computed from the user (and what the request asked for), and both the pure test of one
 * row (`can…`, `within…`) and the SQL condition of its lists (`…Where`) are read from that value, so a list
 * and a read of one row by its id cannot disagree. Services ask these functions; none decides reach itself.
 *
 * 403 or 404 — one rule (docs/access-policy.md):
 * - 403 is decided from the user and the request alone, never from a stored row: the role may not take the
 *   action (the role lists of SPEC.md sections 2 and 6), or the request itself names a bound the user lacks
 *   (a `region` other than its own, another shop, a filter its role may not use, unpaired players for a role
 *   that lists paired ones only, a player moved to another region).
 * - 404 whenever the answer depends on a row the request names by its id: the row does not exist, was
 *   deleted, or exists outside the user's region or shop (or is unpaired, for a role that sees paired players
 *   only). A row out of reach answers exactly as a missing one, same status and same message, so ids cannot
 *   be probed: SPEC.md section 6 limits region-bound roles' queries to their region, and a row their list
 *   never shows does not exist for them.
 */

/** The one answer for a named row the user does not reach: the answer for a row that does not exist. */
export function reachedOr404<T>(row: T | undefined, reaches: (row: T) => boolean): T {
  if (row === undefined || !reaches(row)) throw notFound();
  return row;
}

/** Whether the user has any bound (region or shop): a bound user's writes must not change others' rows. */
export function isRowBound(user: SessionUser): boolean {
  const bounds = boundsOf(user);
  return bounds === null || bounds.region !== null || bounds.shopNo !== null;
}

// ---- Players (registered to a store) -------------------------------------------------------------------

/** What decides whether a player is reached. */
export type PlayerFacts = { region: string; shopNo: string; isActivated: boolean };
/** A player row as found: a deleted or never registered one does not exist for users. */
export type PlayerRow = PlayerFacts & { registeredAt: Date | null; deletedAt: Date | null };

/**
 * The players a list may show: every row has this region, shop and activation state (null / undefined: any).
 * Values may be SQL placeholders of a prepared statement; only null / undefined are tested here.
 */
export type PlayerReach = { region: string | null; shopNo: string | null; isActivated: boolean | undefined };

/**
 * The reach of a player list (SPEC.md section 6): the region asked for (region-bound roles get their own,
 * another is 403), the shop (DS_ST its own, another is 403; other roles may filter by one), paired players
 * only for every role but DS_KT (asking such a role for unpaired ones is 403; DS_KT may filter either way).
 */
export function playerReach(
  user: SessionUser,
  asked: { region?: string | null; shopNo?: string | null; isActivated?: boolean } = {},
): PlayerReach {
  const scope = scopeOf(user, asked.region);
  const shopNo = asked.shopNo ?? null;
  if (scope.shopNo !== null && shopNo !== null && shopNo !== scope.shopNo) throw forbidden();
  const pairedOnly = !can(user, 'player.readUnpaired');
  if (pairedOnly && asked.isActivated === false) throw forbidden();
  return { region: scope.region, shopNo: scope.shopNo ?? shopNo, isActivated: pairedOnly ? true : asked.isActivated };
}

/** A user's whole player reach, without anything asked; null when it reaches none. */
function ownPlayerReach(user: SessionUser): PlayerReach | null {
  const bounds = boundsOf(user);
  if (!bounds) return null;
  return { ...bounds, isActivated: can(user, 'player.readUnpaired') ? undefined : true };
}

export function withinPlayerReach(reach: PlayerReach, player: PlayerFacts): boolean {
  return inScope(reach, player) && (reach.isActivated === undefined || player.isActivated === reach.isActivated);
}

/** The list's condition for `reach` over a players table's columns; undefined when it bounds nothing. */
export function playerReachWhere(
  reach: PlayerReach,
  columns: { region: Column; shopNo: Column; isActivated: Column },
): SQL | undefined {
  return and(
    scopeWhere(reach, columns),
    reach.isActivated === undefined ? undefined : eq(columns.isActivated, reach.isActivated),
  );
}

/** Whether the user reaches a player: the rows its unfiltered player list shows. */
export function canReachPlayer(user: SessionUser, player: PlayerFacts): boolean {
  const reach = ownPlayerReach(user);
  return reach !== null && withinPlayerReach(reach, player);
}

/** A found player row that exists for the user (registered, not deleted) and is reached. */
export function reachesPlayerRow(user: SessionUser, row: PlayerRow | undefined): boolean {
  return row !== undefined && row.registeredAt !== null && row.deletedAt === null && canReachPlayer(user, row);
}

// ---- Players being registered (the waiting list, PIN issue, pairing status) ----------------------------

/**
 * A player being registered is reached by users of its region, or by any registrar while it has no region
 * yet (it announced itself, nobody registered it). No shop bound: it has no shop until it is registered.
 */
export function registrationReach(user: SessionUser): Scope {
  return { region: scopeOf(user).region, shopNo: null };
}

export function registrationWhere(reach: Scope, region: Column): SQL | undefined {
  return scopeWhere(reach, { region }, { unassigned: true });
}

export function canReachRegistration(user: SessionUser, row: { region: string }): boolean {
  const bounds = boundsOf(user);
  return bounds !== null && inScope({ region: bounds.region, shopNo: null }, row, { unassigned: true });
}

// ---- Contents ------------------------------------------------------------------------------------------

/** The contents a list may show: `region` (null: all) and, with `withGlobal`, those for all countries (''). */
export type ContentReach = { region: string | null; withGlobal: boolean };

/**
 * SPEC.md section 6, "content queries restrict region for region-bound roles": they get their region's
 * contents and those published for all countries (another region asked for is 403); DS_MK and DS_FRIT get
 * all, or exactly the region they choose.
 */
export function contentReach(user: SessionUser, askedRegion?: string | null): ContentReach {
  return { region: effectiveRegion(user, askedRegion), withGlobal: isRegionBound(user.authority) };
}

export function withinContentReach(reach: ContentReach, content: { region: string }): boolean {
  return inScope({ region: reach.region, shopNo: null }, content, { unassigned: reach.withGlobal });
}

export function contentReachWhere(reach: ContentReach, region: Column): SQL | undefined {
  return scopeWhere({ region: reach.region, shopNo: null }, { region }, { unassigned: reach.withGlobal });
}

/** Whether the user sees a content: the rows its unfiltered content list shows. */
export function canSeeContent(user: SessionUser, content: { region: string }): boolean {
  const bounds = boundsOf(user);
  return bounds !== null && withinContentReach({ region: bounds.region, withGlobal: true }, content);
}

// ---- Schedules -----------------------------------------------------------------------------------------

/**
 * Which of a schedule's players the user sees (`visible`) and which not (`hidden`: out of reach, or gone).
 * `rows`: the players found by code.
 */
export function schedulePlayers(
  user: SessionUser,
  codes: readonly string[],
  rows: ReadonlyMap<string, PlayerRow>,
): { visible: string[]; hidden: string[] } {
  const visible = codes.filter((code) => reachesPlayerRow(user, rows.get(code)));
  const seen = new Set(visible);
  return { visible, hidden: codes.filter((code) => !seen.has(code)) };
}

/**
 * A schedule is seen when it plays on a player the user reaches, or plays on none and the user has no bound.
 * Schedules are listed per player (GET /api/schedules?device_code=), and only for a player the user
 * reaches: every schedule of such a list plays on it, so the list and this test agree.
 */
export function canSeeSchedule(user: SessionUser, players: { visible: number; hidden: number }): boolean {
  return players.visible > 0 || (players.hidden === 0 && !isRowBound(user));
}

// ---- Plays (proof-of-play history) ---------------------------------------------------------------------

/** A player's plays: region and shop bound as players, deleted players' plays kept, pairing no matter. */
export function playsReach(user: SessionUser, askedRegion?: string | null): Scope {
  return scopeOf(user, askedRegion);
}

export function playsWhere(reach: Scope, columns: { region: Column; shopNo: Column }): SQL | undefined {
  return scopeWhere(reach, columns);
}

export function canSeePlays(user: SessionUser, player: { region: string; shopNo: string }): boolean {
  const bounds = boundsOf(user);
  return bounds !== null && inScope(bounds, player);
}

// ---- Audit trail ---------------------------------------------------------------------------------------

/**
 * The audit entries a reader reaches (issue 29 item 7): region-bound readers (DS_LHQIT) the entries of their
 * own region (another asked for is 403), DS_FRIT all, or the region it chooses. null: every region.
 */
export function auditReach(user: SessionUser, askedRegion?: string | null): string | null {
  return scopeOf(user, askedRegion).region;
}
