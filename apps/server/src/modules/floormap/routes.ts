import { API } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { openFloorMap } from './service';

/** /api/floormap/{region}/{shopNo}/floormap.pdf: a shop's floor map, for users allowed to see that shop. */
export const floorMapRoutes: ModulePlugin = async (app, { deps: { media } }) => {
  route(app, API.players.floorMap, async ({ user, params, reply }) => {
    const object = await openFloorMap(media.blobs, user, params.region, params.shop_no);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(object.size))
      .header('content-disposition', 'inline; filename="floormap.pdf"')
      .send(object.stream);
  });
};
