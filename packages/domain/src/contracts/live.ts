import { z } from 'zod';
import { ROLE_GROUPS } from '../catalog/roles';
import { ZContentKeyParams } from '../schemas/contents';
import { ZLiveContentParams, ZLiveFileParams, ZLiveStatus, ZStreamKeyReply } from '../schemas/live';
import { defineContract } from './contract';

/**
 * Live streams in the console (issue 14): on-air state, HLS playback under the content id (never the key), and key
 * rotation. Readers of a content may watch it; only content editors see and change its key.
 */
export const LIVE_CONTRACTS = {
  status: defineContract({
    method: 'GET',
    path: '/api/live/:content_id/status',
    params: ZLiveContentParams,
    response: ZLiveStatus,
    errors: [400, 404],
    roles: ROLE_GROUPS.contentReaders,
    summary: 'Whether a live content receives its stream now (on air) and its HLS playlist address for the console',
    tags: ['live'],
  }),
  file: defineContract({
    method: 'GET',
    path: '/api/live/:content_id/:file',
    params: ZLiveFileParams,
    response: z.any(),
    reply: 'raw',
    errors: [400, 404],
    roles: ROLE_GROUPS.contentReaders,
    summary: "A live content's HLS playlist (index.m3u8) or segment; 404 while off air",
    tags: ['live'],
  }),
  rotateKey: defineContract({
    method: 'POST',
    path: '/api/contents/:key/stream-key',
    params: ZContentKeyParams,
    response: ZStreamKeyReply,
    errors: [400, 404, 409],
    roles: ROLE_GROUPS.contentEditors,
    summary:
      'Issue a new stream key for a live content; the old key stops working at once and a running broadcast is cut',
    tags: ['live'],
  }),
} as const;
