import fastifyMultipart from '@fastify/multipart';
import {
  ROLE_GROUPS,
  ZContent,
  ZContentFromUpload,
  ZContentIdParams,
  ZContentKeyParams,
  ZContentList,
  ZContentListQuery,
  ZContentUpdate,
  ZLivePlatforms,
} from '@signage/domain';
import { z } from 'zod';
import { currentUser } from '../../auth/guards';
import { ok, responses, ZEmpty } from '../../http/envelope';
import type { ModulePlugin } from '../types';
import { registerFromForm } from './form';
import { sendMedia } from './media';
import { incomingDirOf } from './media-deps';
import { assertDeclaredLength, MULTIPART_LIMITS, receiveMultipart } from './multipart';
import { changeContent, getContent, removeContent, searchContents, visibleContent } from './service';
import { registerFromTusUpload } from './tus';

const ZMediaParams = ZContentKeyParams.extend({ which: z.enum(['file', 'thumbnail']) });

/** Contents (SPEC.md sections 2, 5, 7): every reader of the list may read; only DS_MK and DS_FRIT change. */
export const contentsRoutes: ModulePlugin = async (app, { deps }) => {
  const { db, media } = deps;
  const editorsOnly = app.requireRoles(...ROLE_GROUPS.contentEditors);
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });

  app.get('/', {
    schema: {
      tags: ['contents'],
      summary: 'Search contents (keyset pages)',
      querystring: ZContentListQuery,
      response: responses(ZContentList, 400, 403),
    },
    handler: async (request) => ok(await searchContents(db, currentUser(request), request.query)),
  });

  app.get('/live-platforms', {
    onRequest: editorsOnly,
    schema: {
      tags: ['contents'],
      summary: 'Live platforms this server offers',
      response: responses(ZLivePlatforms, 403),
    },
    handler: async () => ok(media.liveProviders.map((p) => ({ id: p.id, label: p.label }))),
  });

  app.get('/:key', {
    schema: {
      tags: ['contents'],
      summary: 'One content by key',
      params: ZContentKeyParams,
      response: responses(ZContent, 404),
    },
    handler: async (request) => ok(await getContent(db, currentUser(request), request.params.key)),
  });

  app.get('/:key/:which', {
    schema: { tags: ['contents'], summary: 'The media file or thumbnail (Range supported)', params: ZMediaParams },
    handler: async (request, reply) => {
      const row = await visibleContent(db, currentUser(request), request.params.key);
      return sendMedia(request, reply, media, row, request.params.which);
    },
  });

  app.post('/', {
    onRequest: editorsOnly,
    preValidation: async (request) => assertDeclaredLength(request),
    schema: {
      tags: ['contents'],
      summary: 'Register an image, movie or live stream (multipart form, one file)',
      consumes: ['multipart/form-data'],
      response: responses(ZContent, 400, 413, 502),
    },
    handler: async (request) => {
      const { fields, file } = await receiveMultipart(request, incomingDirOf(media.uploadDir));
      return ok(await registerFromForm(deps, currentUser(request), fields, file));
    },
  });

  app.post('/from-upload', {
    onRequest: editorsOnly,
    schema: {
      tags: ['contents'],
      summary: 'Register a finished resumable upload',
      body: ZContentFromUpload,
      response: responses(ZContent, 400, 404, 409, 413),
    },
    handler: async (request) => ok(await registerFromTusUpload(deps, currentUser(request), request.body)),
  });

  app.put('/:key', {
    onRequest: editorsOnly,
    schema: {
      tags: ['contents'],
      summary: 'Update name (streams: title, show id, station URL)',
      params: ZContentKeyParams,
      body: ZContentUpdate,
      response: responses(ZContent, 400, 404),
    },
    handler: async (request) => ok(await changeContent(db, currentUser(request), request.params.key, request.body)),
  });

  app.delete('/:contentId', {
    onRequest: editorsOnly,
    schema: {
      tags: ['contents'],
      summary: 'Delete a content (kept for history)',
      params: ZContentIdParams,
      response: responses(ZEmpty, 404, 409),
    },
    handler: async (request) => {
      await removeContent(deps, currentUser(request), request.params.contentId, request.log);
      return ok(null);
    },
  });
};
