/** Where a content's blobs live: everything under one prefix, so a delete removes them together. */
export const contentPrefixOf = (contentId: string) => `contents/${contentId}/`;

/** The thumbnail beside the original (`contents/<id>/original.mp4` -> `contents/<id>/thumbnail.jpg`). */
export const thumbnailKeyOf = (contentId: string) => `${contentPrefixOf(contentId)}thumbnail.jpg`;
