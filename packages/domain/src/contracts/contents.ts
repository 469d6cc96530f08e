import { z } from 'zod';
import { ROLE_GROUPS } from '../catalog/roles';
import { ZText } from '../schemas/common';
import {
  ZContent,
  ZContentFields,
  ZContentFromUpload,
  ZContentIdParams,
  ZContentKeyParams,
  ZContentList,
  ZContentListQuery,
  ZContentUpdate,
  ZLiveFields,
  ZLivePlatforms,
} from '../schemas/contents';
import { defineContract } from './contract';

export const ZMediaParams = ZContentKeyParams.extend({ which: z.enum(['file', 'thumbnail']) });

/**
 * The text fields of the registration form: a Live form (it names a live platform) or a Video-Image form.
 * Sent as multipart fields beside the file, so the server parses them itself (see registerFromForm).
 */
export const ZContentForm = z.union([ZLiveFields, ZContentFields]);
/** The form as the browser sends it: the schemas' field names, every value as typed text. */
export type TContentFormFields = { [K in keyof z.input<typeof ZLiveFields>]?: string };

/** A registration form is the Live form when it names a live platform (the server and console both decide so). */
export function isLiveForm(fields: { livePlatform?: unknown }): boolean {
  return fields.livePlatform !== undefined;
}

/** Contents (SPEC.md sections 2, 5, 7): every content reader may read; only content editors change. */
export const CONTENT_CONTRACTS = {
  list: defineContract({
    method: 'GET',
    path: '/api/contents',
    query: ZContentListQuery,
    response: ZContentList,
    errors: [400],
    roles: ROLE_GROUPS.contentReaders,
    summary: 'Search contents (keyset pages)',
    tags: ['contents'],
  }),
  livePlatforms: defineContract({
    method: 'GET',
    path: '/api/contents/live-platforms',
    response: ZLivePlatforms,
    roles: ROLE_GROUPS.contentEditors,
    summary: 'Live platforms this server offers',
    tags: ['contents'],
  }),
  get: defineContract({
    method: 'GET',
    path: '/api/contents/:key',
    params: ZContentKeyParams,
    response: ZContent,
    errors: [400, 404],
    roles: ROLE_GROUPS.contentReaders,
    summary: 'One content by key',
    tags: ['contents'],
  }),
  media: defineContract({
    method: 'GET',
    path: '/api/contents/:key/:which',
    params: ZMediaParams,
    response: z.any(),
    reply: 'raw',
    errors: [400, 404, 416],
    roles: ROLE_GROUPS.contentReaders,
    summary: 'The media file or thumbnail (Range supported)',
    tags: ['contents'],
  }),
  register: defineContract({
    method: 'POST',
    path: '/api/contents',
    body: ZContentForm,
    consumes: 'multipart/form-data',
    response: ZContent,
    errors: [400, 413, 502],
    roles: ROLE_GROUPS.contentEditors,
    summary: 'Register an image, movie or live stream (multipart form, one file)',
    tags: ['contents'],
  }),
  registerUpload: defineContract({
    method: 'POST',
    path: '/api/contents/from-upload',
    body: ZContentFromUpload,
    response: ZContent,
    errors: [400, 404, 409, 413],
    roles: ROLE_GROUPS.contentEditors,
    summary: 'Register a finished resumable upload',
    tags: ['contents'],
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/contents/:key',
    params: ZContentKeyParams,
    body: ZContentUpdate,
    response: ZContent,
    errors: [400, 404],
    roles: ROLE_GROUPS.contentEditors,
    summary: 'Update name (streams: title, show id, station URL)',
    tags: ['contents'],
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/contents/:contentId',
    params: ZContentIdParams,
    response: z.null(),
    errors: [400, 404, 409],
    roles: ROLE_GROUPS.contentEditors,
    summary: 'Delete a content (kept for history)',
    tags: ['contents'],
  }),
  /**
   * Resumable uploads (tus 1.0). The tus server answers these itself (creation, PATCH, HEAD); the
   * contracts give their paths and the one role list. `/api/uploads/:upload_id` takes HEAD, PATCH and DELETE.
   */
  uploadCreate: defineContract({
    method: 'POST',
    path: '/api/uploads',
    consumes: 'application/offset+octet-stream',
    response: z.any(),
    reply: 'raw',
    errors: [400, 413],
    roles: ROLE_GROUPS.contentEditors,
    summary: 'Start a resumable (tus) upload',
    tags: ['contents'],
  }),
  uploadResume: defineContract({
    method: 'PATCH',
    path: '/api/uploads/:upload_id',
    params: z.object({ upload_id: ZText.max(200) }),
    consumes: 'application/offset+octet-stream',
    response: z.any(),
    reply: 'raw',
    errors: [400, 404, 409],
    roles: ROLE_GROUPS.contentEditors,
    summary: 'Send the next part of a resumable (tus) upload (HEAD: its offset)',
    tags: ['contents'],
  }),
} as const;
