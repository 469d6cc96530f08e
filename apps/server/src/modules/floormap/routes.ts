import { MESSAGES } from '@signage/domain';
import type { FastifyError } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../auth/guards';
import { HttpError, ok, responses } from '../../http/envelope';
import { errorHandler } from '../../http/errorHandler';
import type { ModulePlugin } from '../types';
import { FLOOR_MAP_MAX_BYTES, openFloorMap, uploadFloorMap } from './service';

const ZFloorMapParams = z.object({ region: z.string().max(8), shop_no: z.string().max(8) });

const ZFloorMapStored = z.object({ region: z.string(), shop_no: z.string(), size: z.number().int() });

/** /api/floormap/{region}/{shopNo}/floormap.pdf: a shop's floor map, read by users allowed to see that shop. */
export const floorMapRoutes: ModulePlugin = async (app, { deps: { db, media } }) => {
  // The console sends the PDF as the request body; anything else is refused by Fastify (415).
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: FLOOR_MAP_MAX_BYTES }, (_, body, done) =>
    done(null, body),
  );

  app.get('/:region/:shop_no/floormap.pdf', {
    schema: {
      tags: ['players'],
      summary: 'Floor map PDF of a shop (DS_ST: own shop only; region-bound roles: own region)',
      params: ZFloorMapParams,
      response: { ...responses(z.null(), 400, 401, 403, 404), 200: z.any() },
    },
    handler: async (request, reply) => {
      const { region, shop_no } = request.params;
      const object = await openFloorMap(media.blobs, currentUser(request), region, shop_no);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(object.size))
        .header('content-disposition', 'inline; filename="floormap.pdf"')
        .send(object.stream);
    },
  });

  app.put('/:region/:shop_no/floormap.pdf', {
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
    schema: {
      tags: ['players'],
      summary: 'Upload a shop floor map (PDF body, at most 20 MB; DS_LHQIT in its region, DS_FRIT)',
      params: ZFloorMapParams,
      response: responses(ZFloorMapStored, 400, 401, 403, 413, 415),
    },
    handler: async (request) => {
      const { region, shop_no } = request.params;
      return ok(
        await uploadFloorMap(db, media.blobs, currentUser(request), { region, shopNo: shop_no, body: request.body }),
      );
    },
  });
};
