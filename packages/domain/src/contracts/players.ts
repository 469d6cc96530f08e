import { z } from 'zod';
import { ROLE_GROUPS } from '../catalog/roles';
import { ZText } from '../schemas/common';
import { ZDeviceCodeParams, ZDeviceDetail, ZDeviceList, ZDeviceListQuery, ZDeviceUpdate } from '../schemas/devices';
import { ZLogDownload, ZLogList, ZLogListQuery } from '../schemas/logs';
import {
  ZIssuedPin,
  ZNewDeviceRegister,
  ZPairingStatus,
  ZPlayerRegister,
  ZWaitingList,
  ZWaitingListQuery,
} from '../schemas/registrations';
import { defineContract } from './contract';

export const ZFloorMapParams = z.object({ region: ZText.max(8), shop_no: ZText.max(8) });

/** What a floor-map upload answers: the shop it was stored for and its size in bytes. */
export const ZFloorMapStored = z.object({ region: z.string(), shop_no: z.string(), size: z.number().int() });

/** Players: list and details, their logs, floor maps, the waiting list and registration (SPEC.md section 7). */
export const PLAYER_CONTRACTS = {
  list: defineContract({
    method: 'GET',
    path: '/api/devices',
    query: ZDeviceListQuery,
    response: ZDeviceList,
    errors: [400],
    roles: ROLE_GROUPS.everyone,
    summary: 'Player list: every filter of SPEC.md section 7, keyset cursor (endCursor), region-bound by role',
    tags: ['players'],
  }),
  detail: defineContract({
    method: 'GET',
    path: '/api/devices/:device_code',
    params: ZDeviceCodeParams,
    response: ZDeviceDetail,
    errors: [400, 404],
    roles: ROLE_GROUPS.everyone,
    summary: 'One player (as a list of one)',
    tags: ['players'],
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/devices/:device_code',
    params: ZDeviceCodeParams,
    body: ZDeviceUpdate,
    response: ZDeviceDetail,
    errors: [400, 403, 404],
    roles: ROLE_GROUPS.playerEditors,
    summary:
      "Edit memo, store type, installation site, tags and time zone (one of the country's zones; not DS_ST); store code, name, country and display pattern (DS_LHQIT in its region, DS_FRIT)",
    tags: ['players'],
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/devices/:device_code',
    params: ZDeviceCodeParams,
    response: z.null(),
    errors: [400, 404],
    roles: ROLE_GROUPS.playerDeleters,
    summary: 'Delete a player (DS_LHQIT, DS_FRIT); revokes its device token',
    tags: ['players'],
  }),
  logs: defineContract({
    method: 'GET',
    path: '/api/devices/logs',
    query: ZLogListQuery,
    response: ZLogList,
    errors: [400, 404],
    roles: ROLE_GROUPS.logReaders,
    summary: 'Logs of a player by time range (UTC, YYYY-MM-DD HH:mm) and level, keyset cursor',
    tags: ['players'],
  }),
  logDownload: defineContract({
    method: 'POST',
    path: '/api/devices/logs/download',
    body: ZLogDownload,
    response: z.string(),
    reply: 'raw',
    errors: [400, 404],
    roles: ROLE_GROUPS.logReaders,
    summary: 'One log (log_id) or all matching logs (downloadAll) as a .log text file',
    tags: ['players'],
  }),
  floorMap: defineContract({
    method: 'GET',
    path: '/api/floormap/:region/:shop_no/floormap.pdf',
    params: ZFloorMapParams,
    response: z.any(),
    reply: 'raw',
    errors: [400, 404],
    roles: ROLE_GROUPS.everyone,
    summary: 'Floor map PDF of a shop (DS_ST: own shop only; region-bound roles: own region)',
    tags: ['players'],
  }),
  floorMapUpload: defineContract({
    method: 'PUT',
    path: '/api/floormap/:region/:shop_no/floormap.pdf',
    params: ZFloorMapParams,
    consumes: 'application/pdf',
    response: ZFloorMapStored,
    errors: [400, 413, 415],
    roles: ROLE_GROUPS.storeEditors,
    summary: 'Upload a shop floor map (PDF body, at most 20 MB; DS_LHQIT in its region, DS_FRIT)',
    tags: ['players'],
  }),
  waitingList: defineContract({
    method: 'GET',
    path: '/api/registrations',
    query: ZWaitingListQuery,
    response: ZWaitingList,
    errors: [400],
    roles: ROLE_GROUPS.registrars,
    summary: 'Players waiting for registration (page, order, is_activated = announced in the last 10 minutes)',
    tags: ['players'],
  }),
  registerWaiting: defineContract({
    method: 'POST',
    path: '/api/registrations',
    body: ZNewDeviceRegister,
    response: ZIssuedPin,
    errors: [400, 404, 409],
    roles: ROLE_GROUPS.registrars,
    summary:
      "Register a waiting player to a store (time_zone: one of the country's zones, default its first); answers its PIN (six digits, single use, valid 30 minutes)",
    tags: ['players'],
  }),
  reissuePin: defineContract({
    method: 'POST',
    path: '/api/players',
    body: ZPlayerRegister,
    response: ZIssuedPin,
    errors: [400, 404, 409],
    roles: ROLE_GROUPS.registrars,
    summary: 'Issue a new PIN for a registered, unpaired player (replaces the previous PIN)',
    tags: ['players'],
  }),
  pairingStatus: defineContract({
    method: 'GET',
    path: '/api/players/:device_code',
    params: ZDeviceCodeParams,
    response: ZPairingStatus,
    errors: [400, 404],
    roles: ROLE_GROUPS.registrars,
    summary: 'Pairing status of a registered player (is_activated once its PIN was typed); polled by the PIN step',
    tags: ['players'],
  }),
} as const;
