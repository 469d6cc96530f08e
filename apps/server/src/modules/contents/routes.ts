import fastifyMultipart from '@fastify/multipart';
import { API } from '@signage/domain';
import type { FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import { ingestHost } from '../../live';
import type { ModulePlugin } from '../types';
import { registerFromForm } from './form';
import { sendMedia } from './media';
import { incomingDirOf } from './media-deps';
import { assertDeclaredLength, MULTIPART_LIMITS, receiveMultipart } from './multipart';
import type { ContentView } from './present';
import { changeContent, getContent, removeContent, searchContents, visibleContent } from './service';
import { registerFromTusUpload } from './tus';

const C = API.contents;

/** Contents (SPEC.md sections 2, 5, 7): who may read and who may change is in the contracts. */
export const contentsRoutes: ModulePlugin = async (app, { deps }) => {
  const { db, media } = deps;
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });

  /** Where this request's console was opened: our ingest's address is shown on that host. */
  const hostOf = (request: FastifyRequest) => ingestHost(deps.config.publicUrl, request.hostname);
  const viewOf = (request: FastifyRequest): ContentView => ({
    selfHostedRtmpUrl: media.liveIngest.rtmpUrl(hostOf(request)),
  });

  route(app, C.list, async ({ user, query, request }) => searchContents(db, user, query, viewOf(request)));
  route(app, C.livePlatforms, async () => media.liveProviders.map((p) => ({ id: p.id, label: p.label })));
  route(app, C.get, async ({ user, params, request }) => getContent(db, user, params.key, viewOf(request)));
  route(app, C.media, async ({ user, params, request, reply }) => {
    const row = await visibleContent(db, user, params.key);
    return sendMedia(request, reply, media, row, params.which);
  });
  route(
    app,
    C.register,
    async ({ user, request }) => {
      const { fields, file } = await receiveMultipart(request, incomingDirOf(media.uploadDir));
      return registerFromForm(deps, user, fields, file, { host: hostOf(request), view: viewOf(request) });
    },
    // Too large a form is refused from its declared length, before any of it is read.
    { preValidation: async (request) => assertDeclaredLength(request) },
  );
  route(app, C.registerUpload, async ({ user, body }) => registerFromTusUpload(deps, user, body));
  route(app, C.update, async ({ user, params, body, request }) =>
    changeContent(deps, user, params.key, body, viewOf(request)),
  );
  route(app, C.remove, async ({ user, params, request }) => {
    await removeContent(deps, user, params.contentId, request.log);
    return null;
  });
};
