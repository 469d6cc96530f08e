import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded at its first use rather than with the server's modules: it took about 150 ms of
 * every start (issue 15 item 5), and only uploads of images and thumbnails need it.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Each upload is decoded once, so libvips' operation cache (up to 50 MB by default) holds nothing that
    // is used again; it only kept resident memory up after uploads (bench/memory.ts).
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
