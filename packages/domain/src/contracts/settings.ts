import { z } from 'zod';
import { ROLE_GROUPS } from '../catalog/roles';
import { ZSetting, ZSettingKeyParams, ZSettingList, ZSettingListQuery, ZSettingWrite } from '../schemas/settings';
import { defineContract } from './contract';

/**
 * Tags (SPEC.md section 7, settings). Any signed-in role reads them (the player screens' pickers);
 * only tag editors change them, refused before the body is looked at.
 */
export const SETTING_CONTRACTS = {
  list: defineContract({
    method: 'GET',
    path: '/api/setting',
    query: ZSettingListQuery,
    response: ZSettingList,
    errors: [400],
    roles: 'session',
    summary: 'Tags, newest update first, by keyset cursor with a total count',
    tags: ['setting'],
  }),
  get: defineContract({
    method: 'GET',
    path: '/api/setting/:key',
    params: ZSettingKeyParams,
    response: ZSetting,
    errors: [400, 404],
    roles: 'session',
    summary: 'One tag',
    tags: ['setting'],
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/setting',
    body: ZSettingWrite,
    response: ZSetting,
    errors: [400, 409],
    roles: ROLE_GROUPS.tagEditors,
    summary: 'Register a tag; level and type_id follow from type',
    tags: ['setting'],
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/setting/:key',
    params: ZSettingKeyParams,
    body: ZSettingWrite,
    response: ZSetting,
    errors: [400, 404, 409],
    roles: ROLE_GROUPS.tagEditors,
    summary: 'Update a tag',
    tags: ['setting'],
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/setting/:key',
    params: ZSettingKeyParams,
    response: z.null(),
    errors: [400, 404, 409],
    roles: ROLE_GROUPS.tagEditors,
    summary: 'Delete a tag; not presets, not categories that still have tags',
    tags: ['setting'],
  }),
} as const;
