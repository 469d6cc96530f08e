import { API, MESSAGES } from '@signage/domain';
import type { FastifyError } from 'fastify';
import { HttpError } from '../../http/envelope';
import { errorHandler } from '../../http/errorHandler';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { FLOOR_MAP_MAX_BYTES, openFloorMap, uploadFloorMap } from './service';

/** /api/floormap/{region}/{shopNo}/floormap.pdf: a shop's floor map, for users allowed to see that shop. */
export const floorMapRoutes: ModulePlugin = async (app, { deps: { db, media } }) => {
  // The console sends the PDF as the request body; any other content type is refused by Fastify (415).
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: FLOOR_MAP_MAX_BYTES }, (_, body, done) =>
    done(null, body),
  );

  route(app, API.players.floorMap, async ({ user, params, reply }) => {
    const object = await openFloorMap(media.blobs, user, params.region, params.shop_no);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(object.size))
      .header('content-disposition', 'inline; filename="floormap.pdf"')
      .send(object.stream);
  });

  route(
    app,
    API.players.floorMapUpload,
    async ({ user, params, request }) =>
      uploadFloorMap(db, media.blobs, user, { region: params.region, shopNo: params.shop_no, body: request.body }),
    {
      bodyLimit: FLOOR_MAP_MAX_BYTES,
      // Too large or not a PDF is refused before the handler: say why, in the catalogue's words.
      errorHandler: (error: FastifyError, request, reply) =>
        errorHandler(
          error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? new HttpError(413, MESSAGES.floorMapTooLarge)
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? new HttpError(415, MESSAGES.floorMapNotPdf)
              : error,
          request,
          reply,
        ),
    },
  );
};
