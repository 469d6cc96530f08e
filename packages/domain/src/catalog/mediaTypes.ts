/** What a content's file is: a still image or a movie (SPEC.md sections 4, 5 and 9). */
export type MediaKind = 'image' | 'movie';

/**
 * The one table of file types a content may be uploaded as. The server's upload check, storage keys and
 * served content types, and the console's type check and file picker are all derived from it.
 * The first extension of a type is the one its stored files get.
 */
export const MEDIA_TYPES = [
  { mime: 'video/mp4', extensions: ['mp4'], kind: 'movie', live: false },
  { mime: 'video/quicktime', extensions: ['mov'], kind: 'movie', live: false },
  // The spec lists jpg; .jpeg is the same format under its other common name, so it is accepted too.
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], kind: 'image', live: true },
  { mime: 'image/png', extensions: ['png'], kind: 'image', live: true },
] as const satisfies readonly {
  mime: string;
  extensions: readonly [string, ...string[]];
  kind: MediaKind;
  /** Whether a Live content's image may be of this type (live takes images only). */
  live: boolean;
}[];

export type MediaType = (typeof MEDIA_TYPES)[number];
export type MediaMime = MediaType['mime'];
export type MediaExtension = MediaType['extensions'][number];
/** The extension a stored file of each type gets. */
export type StoredMediaExtension = MediaType['extensions'][0];

/** The accepted type with this MIME type (parameters and case ignored), if any. */
export function mediaTypeOfMime(mime: string): MediaType | undefined {
  const bare = mime.split(';')[0]?.trim().toLowerCase();
  return MEDIA_TYPES.find((type) => type.mime === bare);
}

/** The accepted type with this extension (no dot, any case), if any. */
export function mediaTypeOfExtension(extension: string): MediaType | undefined {
  const bare = extension.toLowerCase();
  return MEDIA_TYPES.find((type) => (type.extensions as readonly string[]).includes(bare));
}

/** The extensions (no dot) accepted for an upload; `live` keeps those a Live content may use. */
export function mediaExtensions(options: { live?: boolean } = {}): MediaExtension[] {
  return MEDIA_TYPES.filter((type) => !options.live || type.live).flatMap((type) => [...type.extensions]);
}

/** The file picker's `accept` list, e.g. '.mp4,.mov,.jpg,.jpeg,.png'. */
export function mediaAccept(options: { live?: boolean } = {}): string {
  return mediaExtensions(options)
    .map((extension) => `.${extension}`)
    .join(',');
}
