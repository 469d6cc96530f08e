import { join } from 'node:path';
import S3rver from 's3rver';
import { createBlobStore } from '../../src/blob/create';
import type { S3BlobStore } from '../../src/blob/s3';
import { makeTempDir } from './fixtures';

export const BUCKET = 'signage-media';

/**
 * The bucket CORS rule docs/media-delivery.md asks for: players on the console's origin read media with GET
 * (and Range) after the media route's redirect. It names the console's origin rather than `*`.
 */
export function corsRule(origin: string): string {
  return `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>Range</AllowedHeader>
    <ExposeHeader>Content-Length</ExposeHeader>
    <ExposeHeader>Content-Range</ExposeHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

/**
 * s3rver on a free loopback port with one bucket (its CORS rule for `corsOrigin`), and a store made the way
 * production makes it: from a STORAGE_URL with s3rver's fixed credentials (and STORAGE_PUBLIC_URL when given).
 */
export async function startS3rver(options: { corsOrigin: string }) {
  const { dir, remove } = await makeTempDir('s3media');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 's3rver'),
    configureBuckets: [{ name: BUCKET, configs: [corsRule(options.corsOrigin)] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storageUrl = `s3://${BUCKET}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&accessKeyId=S3RVER&secretAccessKey=S3RVER`;
  const stores: S3BlobStore[] = [];
  const store = (publicEndpoint?: string) => {
    const made = createBlobStore(storageUrl, dir, {}, { publicEndpoint }) as S3BlobStore;
    stores.push(made);
    return made;
  };
  return {
    port,
    endpoint,
    store,
    close: async () => {
      for (const made of stores) made.destroy();
      await server.close();
      await remove();
    },
  };
}
