import type { BlobOwner } from '../types';
import { screenshotBlobKeys } from './repo';

/** The screenshots' JPEGs (`screenshots/<device_code>/<id>.jpg`): a blob is named when a row's blob_key is it. */
export const screenshotBlobOwner: BlobOwner = {
  prefix: 'screenshots/',
  async named(db, keys) {
    return new Set(await screenshotBlobKeys(db, keys));
  },
};
