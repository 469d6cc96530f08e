import { join } from 'node:path';
import { DiskBlobStore } from './disk';
import { S3BlobStore, type S3BlobStoreOptions } from './s3';
import type { BlobStore } from './types';

/** Reads `s3://bucket?endpoint=...&region=...&accessKeyId=...&secretAccessKey=...&forcePathStyle=true`. */
export function parseS3StorageUrl(storageUrl: string, env: NodeJS.ProcessEnv = process.env): S3BlobStoreOptions {
  let url: URL;
  try {
    url = new URL(storageUrl);
  } catch {
    throw new Error(`STORAGE_URL is not a URL: '${storageUrl}' (expected s3://bucket?endpoint=...&region=...)`);
  }
  if (url.protocol !== 's3:') {
    throw new Error(
      `STORAGE_URL scheme '${url.protocol}' is not supported: leave it unset for local disk, or use s3://bucket?endpoint=...&region=...`,
    );
  }
  const bucket = decodeURIComponent(url.hostname);
  if (!bucket) throw new Error('STORAGE_URL names no bucket: expected s3://bucket?...');
  if (url.pathname && url.pathname !== '/') {
    throw new Error(`STORAGE_URL must not have a path ('${url.pathname}'): expected s3://bucket?...`);
  }
  const query = url.searchParams;
  const known = new Set(['endpoint', 'region', 'accessKeyId', 'secretAccessKey', 'forcePathStyle']);
  for (const name of query.keys()) {
    if (!known.has(name))
      throw new Error(`STORAGE_URL has an unknown parameter '${name}' (known: ${[...known].join(', ')})`);
  }
  const endpoint = query.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) {
    throw new Error(`STORAGE_URL endpoint must be an http(s) URL, got '${endpoint}'`);
  }
  const forcePathStyle = query.get('forcePathStyle');
  if (forcePathStyle !== null && forcePathStyle !== 'true' && forcePathStyle !== 'false') {
    throw new Error(`STORAGE_URL forcePathStyle must be true or false, got '${forcePathStyle}'`);
  }
  const accessKeyId = query.get('accessKeyId') ?? env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = query.get('secretAccessKey') ?? env.AWS_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('STORAGE_URL credentials are incomplete: give both accessKeyId and secretAccessKey (or neither)');
  }
  return {
    bucket,
    endpoint,
    region: query.get('region') ?? env.AWS_REGION ?? 'us-east-1',
    accessKeyId: accessKeyId || undefined,
    secretAccessKey: secretAccessKey || undefined,
    // Custom endpoints (MinIO, s3rver...) rarely resolve bucket subdomains; AWS itself prefers virtual hosts.
    forcePathStyle: forcePathStyle === null ? Boolean(endpoint) : forcePathStyle === 'true',
  };
}

/**
 * The store STORAGE_URL asks for: unset or empty means files under `dataDir/media`; `s3://...` means a bucket,
 * whose players' URLs are signed for `publicEndpoint` (STORAGE_PUBLIC_URL) when given.
 * Call `cleanTemp()` on the result once at start.
 */
export function createBlobStore(
  storageUrl: string | undefined,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
  options: { publicEndpoint?: string | undefined } = {},
): BlobStore {
  if (!storageUrl?.trim()) return new DiskBlobStore(join(dataDir, 'media'));
  const s3 = parseS3StorageUrl(storageUrl.trim(), env);
  return new S3BlobStore(options.publicEndpoint ? { ...s3, publicEndpoint: options.publicEndpoint } : s3);
}

/**
 * The origin players read media from when the store hands out signed URLs (S3: the STORAGE_PUBLIC_URL, the
 * endpoint, or AWS's bucket address, as the SDK builds it), so the page's connect-src can allow it; null for a
 * store read through the server (the disk).
 */
export async function directReadOrigin(blobs: BlobStore): Promise<string | null> {
  if (!blobs.signedGetUrl) return null;
  return new URL(await blobs.signedGetUrl('origin/probe', { expiresInSeconds: 1 })).origin;
}
