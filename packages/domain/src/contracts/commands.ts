import { z } from 'zod';
import { ROLE_GROUPS } from '../catalog/roles';
import { ZCommand, ZCommandList, ZCommandRequest, ZScreenshotParams } from '../schemas/commands';
import { ZDeviceCodeParams } from '../schemas/devices';
import { defineContract } from './contract';

/**
 * Remote commands and screenshots of one player (issue 29 items 4 and 5): for the roles that may edit a player
 * (SPEC.md section 6, "Edit player: all except ST"), within their reach (a player out of it is 404).
 */
export const COMMAND_CONTRACTS = {
  send: defineContract({
    method: 'POST',
    path: '/api/devices/:device_code/commands',
    params: ZDeviceCodeParams,
    body: ZCommandRequest,
    response: ZCommand,
    errors: [400, 404],
    roles: ROLE_GROUPS.playerEditors,
    summary:
      'Ask the player (push) for a screenshot, a reload, a fresh download of its media, identify (30 s) or a restart; audited. Fresh for 60 s: an offline player runs it only if it connects again within that time',
    tags: ['players'],
  }),
  list: defineContract({
    method: 'GET',
    path: '/api/devices/:device_code/commands',
    params: ZDeviceCodeParams,
    response: ZCommandList,
    errors: [400, 404],
    roles: ROLE_GROUPS.playerEditors,
    summary:
      "The player's latest 20 commands with their outcome (pending, done, failed, expired) and its last 10 screenshots",
    tags: ['players'],
  }),
  screenshot: defineContract({
    method: 'GET',
    path: '/api/devices/:device_code/screenshots/:screenshot_id',
    params: ZScreenshotParams,
    response: z.any(),
    reply: 'raw',
    errors: [400, 404],
    roles: ROLE_GROUPS.playerEditors,
    summary: 'One screenshot of the player (image/jpeg)',
    tags: ['players'],
  }),
} as const;
