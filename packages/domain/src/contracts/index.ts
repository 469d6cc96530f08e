import { ALERT_CONTRACTS } from './alerts';
import { AUDIT_CONTRACTS } from './audit';
import { COMMAND_CONTRACTS } from './commands';
import { CONTENT_CONTRACTS } from './contents';
import type { Contract } from './contract';
import { EMERGENCY_CONTRACTS } from './emergency';
import { FLEET_CONTRACTS } from './fleet';
import { HISTORY_CONTRACTS } from './history';
import { HOURS_CONTRACTS } from './hours';
import { LIVE_CONTRACTS } from './live';
import { PLAYER_CONTRACTS } from './players';
import { SCHEDULE_CONTRACTS } from './schedules';
import { SETTING_CONTRACTS } from './settings';
import { USER_CONTRACTS } from './users';

export * from './agent';
export * from './alerts';
export * from './audit';
export * from './commands';
export * from './contents';
export * from './contract';
export * from './emergency';
export * from './fleet';
export * from './history';
export * from './hours';
export * from './live';
export * from './players';
export * from './schedules';
export * from './settings';
export * from './users';

/** Every /api endpoint, by resource. The server registers these; the access-matrix test walks them all. */
export const API = {
  users: USER_CONTRACTS,
  setting: SETTING_CONTRACTS,
  players: PLAYER_CONTRACTS,
  contents: CONTENT_CONTRACTS,
  history: HISTORY_CONTRACTS,
  schedules: SCHEDULE_CONTRACTS,
  live: LIVE_CONTRACTS,
  audit: AUDIT_CONTRACTS,
  commands: COMMAND_CONTRACTS,
  emergencies: EMERGENCY_CONTRACTS,
  alerts: ALERT_CONTRACTS,
  hours: HOURS_CONTRACTS,
  fleet: FLEET_CONTRACTS,
} as const;

export const API_CONTRACTS: readonly Contract[] = Object.values(API).flatMap((group) => Object.values(group));
