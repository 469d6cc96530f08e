import type { BlobOwner } from '../types';
import { logBlobKeys } from './repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `logs/<device_code>/<log_id>.log`: the log id, when the key has that shape. */
function logIdOf(key: string): string | undefined {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const id = name.endsWith('.log') ? name.slice(0, -'.log'.length) : '';
  return UUID.test(id) ? id.toLowerCase() : undefined;
}

/** The uploaded logs' texts (see upload.ts): a blob is named when its row's blob_key is exactly that key. */
export const logBlobOwner: BlobOwner = {
  prefix: 'logs/',
  async named(db, keys) {
    const ids = [...new Set(keys.flatMap((key) => logIdOf(key) ?? []))];
    const stored = new Set(await logBlobKeys(db, ids));
    return new Set(keys.filter((key) => stored.has(key)));
  },
};
