import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { hashDeviceToken } from '../../src/agent';
import type { App } from '../../src/app';
import { type BlobStore, DiskBlobStore } from '../../src/blob';
import type { Database } from '../../src/db/client';
import { contents, devices } from '../../src/db/schema';
import { TEST_DATABASE_URL, tempDir } from '../helpers';
import { makePlayer } from '../schedules/fixtures';

/** A disk blob store in a temporary folder, handed to the test app. */
export function testMedia() {
  const dir = tempDir('signage-agent-');
  return { blobs: new DiskBlobStore(path.join(dir, 'media')), uploadDir: path.join(dir, 'uploads') };
}

/** A paired player (written straight to its table) with a device token. */
export async function pairedPlayer(db: Database, options: Parameters<typeof makePlayer>[1] = {}) {
  const deviceCode = await makePlayer(db, options);
  const token = randomBytes(24).toString('base64url');
  await db
    .update(devices)
    .set({ tokenHash: hashDeviceToken(token) })
    .where(eq(devices.deviceCode, deviceCode));
  return { deviceCode, token };
}

let sequence = 0;

/** An image content whose file (`bytes`) is in the blob store, as an upload leaves it. */
export async function storedImage(
  db: Database,
  blobs: BlobStore,
  options: { name?: string; licenseTo?: string | null; bytes?: Buffer } = {},
) {
  const key = `img${process.pid}${++sequence}${randomBytes(3).toString('hex')}`;
  const bytes = options.bytes ?? randomBytes(1000);
  const mediaKey = `contents/${key}/file.png`;
  const put = await blobs.put(mediaKey, Readable.from([bytes]), { contentType: 'image/png' });
  const [row] = await db
    .insert(contents)
    .values({
      key,
      name: options.name ?? `Image ${key}`,
      type: 'image',
      displayPattern: 'Multi,CW',
      region: 'JP',
      licenseTo: options.licenseTo ?? null,
      mediaKey,
      contentType: 'image/png',
      size: put.size,
      sha256: put.sha256,
      width: 1920,
      height: 1080,
      createdBy: 'test',
    })
    .returning({ id: contents.id });
  return { id: row!.id, key, bytes, sha256: put.sha256 };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Runs a write that changes what a player's manifest is made of and resolves once `app`'s cache of served
 * manifests heard of it (the database's notification naming the player's token, migration 0026): a poll after
 * that is answered from what the write left. On the embedded PGlite the notification arrives before the write's
 * own answer; over PostgreSQL on the listener's connection, a moment after the commit.
 */
export async function heardOf<T>(app: App, token: string, write: () => Promise<T>): Promise<T> {
  const tokenHash = hashDeviceToken(token);
  let applied = false;
  const seen = new Promise<void>((resolve) => {
    const listener = (payload: string) => {
      if (payload !== '*' && !payload.includes(tokenHash)) return;
      app.authCache.off('invalidated', listener);
      applied = true;
      resolve();
    };
    app.authCache.on('invalidated', listener);
  });
  const result = await write();
  if (!TEST_DATABASE_URL) expect(applied).toBe(true);
  await seen;
  return result;
}
