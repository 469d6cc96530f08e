import fastifyMultipart from '@fastify/multipart';
import { API } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { registerFromForm } from './form';
import { sendMedia } from './media';
import { incomingDirOf } from './media-deps';
import { assertDeclaredLength, MULTIPART_LIMITS, receiveMultipart } from './multipart';
import { changeContent, getContent, removeContent, searchContents, visibleContent } from './service';
import { registerFromTusUpload } from './tus';

const C = API.contents;

/** Contents (SPEC.md sections 2, 5, 7): who may read and who may change is in the contracts. */
export const contentsRoutes: ModulePlugin = async (app, { deps }) => {
  const { db, media } = deps;
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });

  route(app, C.list, async ({ user, query }) => searchContents(db, user, query));
  route(app, C.livePlatforms, async () => media.liveProviders.map((p) => ({ id: p.id, label: p.label })));
  route(app, C.get, async ({ user, params }) => getContent(db, user, params.key));
  route(app, C.media, async ({ user, params, request, reply }) => {
    const row = await visibleContent(db, user, params.key);
    return sendMedia(request, reply, media, row, params.which);
  });
  route(
    app,
    C.register,
    async ({ user, request }) => {
      const { fields, file } = await receiveMultipart(request, incomingDirOf(media.uploadDir));
      return registerFromForm(deps, user, fields, file);
    },
    // Too large a form is refused from its declared length, before any of it is read.
    { preValidation: async (request) => assertDeclaredLength(request) },
  );
  route(app, C.registerUpload, async ({ user, body }) => registerFromTusUpload(deps, user, body));
  route(app, C.update, async ({ user, params, body }) => changeContent(deps, user, params.key, body));
  route(app, C.remove, async ({ user, params, request }) => {
    await removeContent(deps, user, params.contentId, request.log);
    return null;
  });
};
