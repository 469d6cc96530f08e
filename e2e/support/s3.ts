import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E } from './env';

/**
 * S3-compatible storage for the suites that run the product on object storage (e2e/deploy, and
 * e2e/specs/player-s3-media.spec.ts): s3rver on a loopback port, its bucket configured with the CORS rule
 * docs/media-delivery.md gives (the players' origin may GET and HEAD with Range), and the STORAGE_URL a
 * server is started with to use it.
 */
export const S3_BUCKET = 'signage-media';

/** Polls `url` until `ok(status)`: a process coming up is an event no other signal reports. */
export async function waitFor(url: string, ok: (status: number) => boolean, tries = 1200): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (ok(status)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** The CORS rule of docs/media-delivery.md for players served from `origin`. */
export function corsRule(origin: string): string {
  return (
    `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod>` +
    '<AllowedMethod>HEAD</AllowedMethod><AllowedHeader>Range</AllowedHeader><ExposeHeader>Content-Length</ExposeHeader>' +
    '<ExposeHeader>Content-Range</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>'
  );
}

export type S3Storage = {
  /** The storage's address (http://127.0.0.1:<port>). */
  endpoint: string;
  /** STORAGE_URL for a server on this bucket. */
  storageUrl: string;
  process: ChildProcess;
};

/** STORAGE_URL for `bucket` on the s3rver at `endpoint` (s3rver's fixed credentials). */
export const s3StorageUrl = (endpoint: string, bucket = S3_BUCKET) =>
  `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&accessKeyId=S3RVER&secretAccessKey=S3RVER`;

/**
 * Starts s3rver with its files under `directory` (kept there: a bucket outlives a restart of s3rver), the
 * bucket `bucket` allowing `origin`, and resolves once it answers. `spawnWith` starts the process (each suite
 * keeps its own list of children to stop).
 */
export async function startS3rver(options: {
  directory: string;
  port: number;
  origin: string;
  bucket?: string;
  spawnWith?: (command: string, args: string[]) => ChildProcess;
}): Promise<S3Storage> {
  const bucket = options.bucket ?? S3_BUCKET;
  mkdirSync(options.directory, { recursive: true });
  const cors = join(options.directory, `${bucket}-cors.xml`);
  writeFileSync(cors, corsRule(options.origin));
  const args = [
    join(E2E.repoRoot, 'node_modules/s3rver/bin/s3rver.js'),
    ...['--directory', join(options.directory, 'data'), '--address', '127.0.0.1', '--port', String(options.port)],
    ...['--silent', '--configure-bucket', bucket, cors],
  ];
  const child = options.spawnWith
    ? options.spawnWith(process.execPath, args)
    : spawn(process.execPath, args, { cwd: E2E.repoRoot, stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${options.port}`;
  // The bucket answers (an anonymous listing is refused or answered, either way it is up).
  await waitFor(`${endpoint}/${bucket}`, (status) => status > 0);
  return { endpoint, storageUrl: s3StorageUrl(endpoint, bucket), process: child };
}
