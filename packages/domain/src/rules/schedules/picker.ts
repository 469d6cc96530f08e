import { ROLE_GROUPS, type Role } from '../../catalog/roles';

const has = (group: readonly Role[], role: Role) => group.includes(role);

/**
 * The schedule wizard's player step for a role (SPEC.md section 2, Schedule wizard): the Filter button for
 * DS_MK, DS_LHQBIZ, DS_LHQIT and DS_FRIT; the All button for those and DS_KT; the sort button for those and
 * DS_ST; the marketing table for those four and the shop table for DS_ST (the copy variant is the same for
 * its roles: DS_MK and DS_FRIT marketing, DS_ST shop).
 */
export function schedulePlayerPickerFor(role: Role) {
  const marketing = has(ROLE_GROUPS.marketing, role);
  return {
    filter: marketing,
    all: marketing || role === 'DS_KT',
    sort: marketing || role === 'DS_ST',
    view: role === 'DS_ST' ? ('shop' as const) : ('marketing' as const),
  };
}
