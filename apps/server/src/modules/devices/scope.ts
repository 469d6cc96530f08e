import { type TDeviceListFilter, typedStoreCode } from '@signage/domain';
import { can, effectiveRegion, inScope as inUserScope, type Scope, scopeOf as userScopeOf } from '../../auth/policies';
import type { SessionUser } from '../../auth/sessions';
import { forbidden } from '../../http/envelope';

/** Which players a user may see at all (SPEC.md section 6): region, shop and activation bounds. */
export type DeviceScope = Scope & { activatedOnly: boolean };

export function scopeOf(user: SessionUser): DeviceScope {
  return { ...userScopeOf(user), activatedOnly: !can(user, 'player.readUnpaired') };
}

export function inScope(scope: DeviceScope, device: { region: string; shopNo: string; isActivated: boolean }): boolean {
  return inUserScope(scope, device) && (!scope.activatedOnly || device.isActivated);
}

const FILTERER_ONLY = [
  'display_pattern',
  'store_type',
  'device_type',
  'tags',
  'exclude_tag',
  'exclude_store_type',
  'exclude_device_type',
] as const;

/** A list query after the access rules: region and shop are decided, activation forced where due. */
export type DeviceListFilter = Omit<TDeviceListFilter, 'region' | 'shop_no'> & Scope;

/**
 * The list query a user may run: region-bound roles get their own region (another one is 403),
 * DS_ST its own shop and no attribute filters, everybody but DS_KT activated players only.
 */
export function scopedFilter(user: SessionUser, query: TDeviceListFilter): DeviceListFilter {
  const region = effectiveRegion(user, query.region);
  const scope = scopeOf(user);
  const requestedShop = query.shop_no ? typedStoreCode(query.shop_no) : null;
  if (!can(user, 'player.filter')) {
    if (FILTERER_ONLY.some((name) => (query[name]?.length ?? 0) > 0)) throw forbidden();
    if (requestedShop !== null && requestedShop !== scope.shopNo) throw forbidden();
  }
  if (scope.activatedOnly && query.is_activated === false) throw forbidden();
  const { region: _region, shop_no: _shopNo, ...rest } = query;
  return {
    ...rest,
    is_activated: scope.activatedOnly ? true : query.is_activated,
    region,
    shopNo: scope.shopNo ?? requestedShop,
  };
}
