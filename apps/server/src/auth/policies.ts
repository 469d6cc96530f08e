import { isShopBound, REGION_FREE_ROLES, ROLE_GROUPS, type Role, resolveRegion } from '@signage/domain';
import { and, type Column, eq, or, type SQL } from 'drizzle-orm';
import { forbidden } from '../http/envelope';
import type { SessionUser } from './sessions';

/**
 * Named actions and the roles allowed to take them, all from ROLE_GROUPS (SPEC.md section 6). Route-level
 * access is in the contracts; these are for decisions inside a request (a screen's option, a row's scope).
 * Which rows of each entity a user reaches is in rows.ts, on top of the bounds below; when a refusal is
 * 403 and when 404 is stated there (and in docs/access-policy.md).
 */
const ACTIONS = {
  'player.read': ROLE_GROUPS.everyone,
  'player.edit': ROLE_GROUPS.playerEditors,
  'player.delete': ROLE_GROUPS.playerDeleters,
  /** Correct a player's store (code, name, country, display pattern). */
  'player.editStore': ROLE_GROUPS.storeEditors,
  'player.filter': ROLE_GROUPS.playerFilterers,
  'player.register': ROLE_GROUPS.registrars,
  'player.readUnpaired': ROLE_GROUPS.kitters,
  'log.read': ROLE_GROUPS.logReaders,
  'tag.edit': ROLE_GROUPS.tagEditors,
  'content.read': ROLE_GROUPS.contentReaders,
  'content.edit': ROLE_GROUPS.contentEditors,
  'schedule.edit': ROLE_GROUPS.scheduleEditors,
  'schedule.duplicate': ROLE_GROUPS.scheduleDuplicators,
  'floormap.read': ROLE_GROUPS.everyone,
  'floormap.upload': ROLE_GROUPS.storeEditors,
  /** Choose any region, or none (all regions). */
  'region.any': REGION_FREE_ROLES,
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof ACTIONS;

/** Where a row lives; `shopNo` only where the table has one. */
export type Subject = { region: string; shopNo?: string };

/**
 * The rows a user may reach (SPEC.md section 6): region-bound roles their own region, DS_ST also its own
 * shop; `null` means no bound.
 */
export type Scope = { region: string | null; shopNo: string | null };

const roleMay = (role: Role, action: Action) => (ACTIONS[action] as readonly Role[]).includes(role);

/**
 * The region a request may query: DS_MK and DS_FRIT choose any region or none (null = all); region-bound
 * roles always get their own, and asking for another one is refused (403).
 */
export function effectiveRegion(user: SessionUser, requested: string | null | undefined): string | null {
  const decision = resolveRegion(user, requested);
  if (!decision.allowed) throw forbidden();
  return decision.region;
}

/**
 * The user's own bounds, without a region asked for: region-bound roles their region, shop-bound roles
 * (DS_ST) also their shop. null when the user reaches no row at all (a region-bound user without a region).
 */
export function boundsOf(user: SessionUser): Scope | null {
  const decision = resolveRegion(user, null);
  if (!decision.allowed) return null;
  return { region: decision.region, shopNo: isShopBound(user.authority) ? user.shop_no : null };
}

/** The bounds of a user's reach, with the region asked for (403 when a region-bound role asks for another). */
export function scopeOf(user: SessionUser, requestedRegion?: string | null): Scope {
  const region = effectiveRegion(user, requestedRegion);
  const own = boundsOf(user);
  if (!own) throw forbidden();
  return { region, shopNo: own.shopNo };
}

/** Whether a row lies inside a scope. `unassigned`: rows without a region yet count as inside. */
export function inScope(scope: Scope, subject: Subject, options: { unassigned?: boolean } = {}): boolean {
  const regionOk =
    scope.region === null || subject.region === scope.region || (options.unassigned === true && subject.region === '');
  if (!regionOk) return false;
  return scope.shopNo === null || subject.shopNo === undefined || subject.shopNo === scope.shopNo;
}

/**
 * The same bounds as a WHERE fragment over a table's region (and shop) column; undefined when unbounded.
 * `unassigned`: rows whose region is still empty (waiting players) are included.
 */
export function scopeWhere(
  scope: Scope,
  columns: { region: Column; shopNo?: Column },
  options: { unassigned?: boolean } = {},
): SQL | undefined {
  const region =
    scope.region === null
      ? undefined
      : options.unassigned
        ? or(eq(columns.region, ''), eq(columns.region, scope.region))
        : eq(columns.region, scope.region);
  const shop = scope.shopNo !== null && columns.shopNo ? eq(columns.shopNo, scope.shopNo) : undefined;
  return and(region, shop);
}

/**
 * Whether `user` may take `action`, on `subject` when given: the role must be allowed and the subject
 * must lie in the user's scope (own region for region-bound roles, own shop for DS_ST).
 */
export function can(user: SessionUser, action: Action, subject?: Subject): boolean {
  if (!roleMay(user.authority, action)) return false;
  if (!subject) return true;
  const bounds = boundsOf(user);
  return bounds !== null && inScope(bounds, subject);
}

/** can() or 403. */
export function authorize(user: SessionUser, action: Action, subject?: Subject): void {
  if (!can(user, action, subject)) throw forbidden();
}
