import { isRole, type Role } from '../catalog/roles';
import { MENU, ROUTES, type RouteDef } from '../catalog/routes';

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((segment, i) => segment.startsWith(':') || segment === b[i]);
}

/** A route of the table with its literal title key, so the console can check the key exists at compile time. */
export type Route = (typeof ROUTES)[number] & RouteDef;

/** The route definition a pathname belongs to, if any. */
export function findRoute(pathname: string): Route | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (ROUTES as readonly Route[]).find((r) => matches(r.path, clean));
}

/** Whether a role may open a route (an empty role list means every signed-in user). */
export function roleAllows(roles: readonly Role[], role: Role): boolean {
  return roles.length === 0 || roles.includes(role);
}

/** The page a user lands on after login (SPEC.md section 4). */
export function landingFor(authority: string | null | undefined): string {
  if (!authority) return '/login';
  if (!isRole(authority)) return '/';
  if (authority === 'DS_KT') return '/newdevice/list';
  return '/device/list';
}

/**
 * Where the console sends a user who opens `pathname` (SPEC.md section 4), or null to stay.
 * Without authority every non-public route goes to login; with authority, an unknown route,
 * a route the role may not open, or the root goes to the landing page.
 */
export function redirectFor(authority: string | null | undefined, pathname: string): string | null {
  const route = findRoute(pathname);
  if (route?.public) return null;
  if (!authority) return '/login';
  const landing = landingFor(authority);
  if (!route || route.path === '/' || !isRole(authority) || !roleAllows(route.roles, authority)) {
    return landing === pathname ? null : landing;
  }
  return null;
}

/** The i18n keys the menu names, as literals (the console's typecheck fails when one is missing). */
export type MenuLabelKey = (typeof MENU)[number]['labelKey'] | (typeof MENU)[number]['items'][number]['labelKey'];

export type MenuGroupView = {
  key: string;
  labelKey: MenuLabelKey;
  items: { key: string; labelKey: MenuLabelKey; path: string }[];
};

/** The side menu as a role sees it: only items whose route the role may open, no empty groups. */
export function menuFor(role: Role): MenuGroupView[] {
  return MENU.map((group) => ({
    key: group.key,
    labelKey: group.labelKey,
    items: group.items
      .filter((item) => {
        const route = findRoute(item.path);
        return route !== undefined && roleAllows(route.roles, role);
      })
      .map((item) => ({ ...item })),
  })).filter((group) => group.items.length > 0);
}
