import { ROLE_GROUPS } from '../catalog/roles';
import { ZDeviceCodeParams } from '../schemas/devices';
import { ZBulkHoursRequest, ZBulkHoursResult, ZPlayerHours, ZPlayerHoursUpdate } from '../schemas/hours';
import { defineContract } from './contract';

/**
 * A store's opening hours (issue 29 item 1): read by everyone who sees the player, set by the roles that may
 * edit a player (SPEC.md section 6, "Edit player: all except ST"), within their reach (a player out of it is 404;
 * a bulk selection takes only the players in reach).
 */
export const HOURS_CONTRACTS = {
  get: defineContract({
    method: 'GET',
    path: '/api/devices/:device_code/hours',
    params: ZDeviceCodeParams,
    response: ZPlayerHours,
    errors: [400, 404],
    roles: ROLE_GROUPS.everyone,
    summary: "The player's opening hours (null: none set, open at all times), in its zone, and whether it is open now",
    tags: ['players'],
  }),
  set: defineContract({
    method: 'PUT',
    path: '/api/devices/:device_code/hours',
    params: ZDeviceCodeParams,
    body: ZPlayerHoursUpdate,
    response: ZPlayerHours,
    errors: [400, 404],
    roles: ROLE_GROUPS.playerEditors,
    summary: "Set the player's weekly opening hours and exceptions (null clears them); audited",
    tags: ['players'],
  }),
  bulk: defineContract({
    method: 'POST',
    path: '/api/devices/hours',
    body: ZBulkHoursRequest,
    response: ZBulkHoursResult,
    errors: [400],
    roles: ROLE_GROUPS.playerEditors,
    summary:
      'Set the same opening hours on selected players, or on every player a player search finds (country, tag, store type…), within reach; audited per player',
    tags: ['players'],
  }),
} as const;
