import { type FleetHealthState, padStoreCode, type TDeviceListQuery } from '@signage/domain';

/** The player search form (SPEC.md section 2), as kept in the screen state. */
export type PlayerCriteria = {
  shop_name?: string;
  shop_no?: string;
  region?: string | null;
  display_pattern?: string | null;
  memo?: string;
  store_type?: string[];
  device_type?: string[];
  tags?: string[];
  exclude_tag?: string[];
  only_issues?: boolean;
  only_unscheduled?: boolean;
  only_pending_delivery?: boolean;
  /** A fleet-health state (the health screen's links). */
  health?: FleetHealthState;
};

export const PLAYER_LIST_SCREEN = 'deviceList';

/** The GET /api/devices query of a search: 'Only players with issues' is is_alive=false, 'Only unscheduled' has_schedule=false. */
export function toDeviceQuery(criteria: PlayerCriteria, order: 'ASC' | 'DESC'): TDeviceListQuery {
  const list = (values?: string[]) => (values && values.length > 0 ? values.join(',') : undefined);
  return {
    order,
    shop_name: criteria.shop_name?.trim() || undefined,
    shop_no: criteria.shop_no ? padStoreCode(criteria.shop_no) : undefined,
    region: criteria.region || undefined,
    display_pattern: criteria.display_pattern || undefined,
    memo: criteria.memo?.trim() || undefined,
    store_type: list(criteria.store_type),
    device_type: list(criteria.device_type),
    tags: list(criteria.tags),
    exclude_tag: list(criteria.exclude_tag),
    is_alive: criteria.only_issues ? 'false' : undefined,
    has_schedule: criteria.only_unscheduled ? 'false' : undefined,
    delivery_pending: criteria.only_pending_delivery ? 'true' : undefined,
    health: criteria.health,
  };
}

export function countCriteria(criteria: PlayerCriteria): number {
  return Object.values(criteria).filter((v) => (Array.isArray(v) ? v.length > 0 : Boolean(v))).length;
}
