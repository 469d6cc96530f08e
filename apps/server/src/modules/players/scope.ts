import { type TDeviceListFilter, typedStoreCode } from '@signage/domain';
import { boundsOf, can, type Scope } from '../../auth/policies';
import { playerReach } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import { forbidden } from '../../http/envelope';

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
 * The list query a user may run: the policy's player reach (auth/rows.ts: region, shop, activation), and
 * the attribute filters only for the roles that may filter (SPEC.md section 6; the others get 403).
 */
export function scopedFilter(user: SessionUser, query: TDeviceListFilter): DeviceListFilter {
  const requestedShop = query.shop_no ? typedStoreCode(query.shop_no) : null;
  if (!can(user, 'player.filter')) {
    if (FILTERER_ONLY.some((name) => (query[name]?.length ?? 0) > 0)) throw forbidden();
    // The store code is a filter too; shop staff may name their own shop (their bound), nothing else.
    if (requestedShop !== null && requestedShop !== boundsOf(user)?.shopNo) throw forbidden();
  }
  const reach = playerReach(user, { region: query.region, shopNo: requestedShop, isActivated: query.is_activated });
  const { region: _region, shop_no: _shopNo, ...rest } = query;
  return { ...rest, is_activated: reach.isActivated, region: reach.region, shopNo: reach.shopNo };
}
