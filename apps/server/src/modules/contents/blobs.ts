import type { BlobOwner } from '../types';
import { thumbnailKeyOf } from './keys';
import { contentBlobRefs } from './repo';

const PREFIX = 'contents/';

/** `contents/<id>/...`: the content id a key sits under. */
const contentIdOf = (key: string) => key.slice(PREFIX.length).split('/', 1)[0] ?? '';

/**
 * Contents' originals, thumbnails and live images (see keys.ts). A blob is named when its row (deleted or
 * not) has it as media_key or thumbnail_key; the thumbnail of a row still processing is named too, since it
 * is stored just before the row records it.
 */
export const contentBlobOwner: BlobOwner = {
  prefix: PREFIX,
  async named(db, keys) {
    const rows = await contentBlobRefs(db, [...new Set(keys.map(contentIdOf))]);
    const named = new Set<string>();
    for (const row of rows) {
      if (row.mediaKey) named.add(row.mediaKey);
      if (row.thumbnailKey) named.add(row.thumbnailKey);
      if (row.processingState === 'processing') named.add(thumbnailKeyOf(row.id));
    }
    return new Set(keys.filter((key) => named.has(key)));
  },
};
