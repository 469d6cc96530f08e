import type { Role } from '@signage/domain';

export type E2EUser = { id: string; password: string; role: Role; name: string; region?: string; shopNo?: string };

const password = 'E2e-Passw0rd!';

/** One user per role; region-bound roles are in JP, the shop user in shop 0012. */
export const USERS = {
  DS_MK: { id: 'e2e_mk', password, role: 'DS_MK', name: 'Mika Marketing' },
  DS_ST: { id: 'e2e_st', password, role: 'DS_ST', name: 'Sato Store', region: 'JP', shopNo: '0012' },
  DS_KT: { id: 'e2e_kt', password, role: 'DS_KT', name: 'Kenji Kitting', region: 'JP' },
  DS_LHQBIZ: { id: 'e2e_lhqbiz', password, role: 'DS_LHQBIZ', name: 'Lena Business', region: 'JP' },
  DS_LHQIT: { id: 'e2e_lhqit', password, role: 'DS_LHQIT', name: 'Ito Tech', region: 'JP' },
  DS_FRIT: { id: 'e2e_frit', password, role: 'DS_FRIT', name: 'Fumi Admin' },
} as const satisfies Record<Role, E2EUser>;
