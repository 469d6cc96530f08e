import type { Config } from '../config';
import { createBlobStore } from './create';
import type { BlobStore } from './types';

const stores = new WeakMap<Config, BlobStore>();

/** One blob store per app configuration, created on first use (modules share it). */
export function blobStoreOf(config: Config): BlobStore {
  let store = stores.get(config);
  if (!store) {
    store = createBlobStore(config.storageUrl, config.dataDir);
    stores.set(config, store);
  }
  return store;
}
