import type { BlobOwner } from '../types';

/**
 * Shops' floor maps have no rows: the blob at a shop's key is the map, replaced in place by an all-or-nothing
 * write, so no crash leaves one without its row. Every one is named: the sweep never removes a floor map.
 */
export const floorMapBlobOwner: BlobOwner = {
  prefix: 'floormap/',
  named: async (_db, keys) => new Set(keys),
};
