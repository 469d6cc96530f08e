import { ROLE_GROUPS } from '../catalog/roles';
import {
  ZEmergency,
  ZEmergencyList,
  ZEmergencyListQuery,
  ZEmergencyParams,
  ZEmergencyPost,
} from '../schemas/emergency';
import { defineContract } from './contract';

/**
 * Emergency messages (issue 29 item 6): DS_FRIT for any player, DS_LHQIT for its region's. Posting and
 * cancelling are audited; the players get it by push and in their manifest.
 */
export const EMERGENCY_CONTRACTS = {
  post: defineContract({
    method: 'POST',
    path: '/api/emergencies',
    body: ZEmergencyPost,
    response: ZEmergency,
    errors: [400, 404],
    roles: ROLE_GROUPS.emergencyPosters,
    summary:
      'Post a text or an image over every schedule of the selected players (all within reach, countries, tags or store codes) from now until ends_at; audited',
    tags: ['emergencies'],
  }),
  list: defineContract({
    method: 'GET',
    path: '/api/emergencies',
    query: ZEmergencyListQuery,
    response: ZEmergencyList,
    errors: [400],
    roles: ROLE_GROUPS.emergencyPosters,
    summary:
      "Emergency messages within the user's region, newest first, with their state: 50 a page, keyset cursor (endCursor)",
    tags: ['emergencies'],
  }),
  cancel: defineContract({
    method: 'POST',
    path: '/api/emergencies/:emergency_id/cancel',
    params: ZEmergencyParams,
    response: ZEmergency,
    errors: [400, 404, 409],
    roles: ROLE_GROUPS.emergencyPosters,
    summary: 'End an emergency message now (its players go back to their schedule at once); audited',
    tags: ['emergencies'],
  }),
} as const;
