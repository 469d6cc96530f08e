import { z } from 'zod';
import { currentUser } from '../../auth/guards';
import { responses } from '../../http/envelope';
import type { ModulePlugin } from '../types';
import { openFloorMap } from './service';

const ZFloorMapParams = z.object({ region: z.string().max(8), shop_no: z.string().max(8) });

/** /api/floormap/{region}/{shopNo}/floormap.pdf: a shop's floor map, for users allowed to see that shop. */
export const floorMapRoutes: ModulePlugin = async (app, { deps: { media } }) => {
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
};
