import { ROLE_GROUPS } from '../catalog/roles';
import { ZFleetHealth } from '../schemas/fleet';
import { defineContract } from './contract';

export const FLEET_CONTRACTS = {
  health: defineContract({
    method: 'GET',
    path: '/api/fleet/health',
    response: ZFleetHealth,
    roles: ROLE_GROUPS.fleetHealthReaders,
    summary:
      "The user's region's players per country: online, offline while open, offline while closed, behind on delivery, playback errors, storage nearly full",
    tags: ['players'],
  }),
} as const;
