import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documented, observe, populate, run, samplePng, startProduct } from './backup/support';
import { tempDir } from './helpers';

/**
 * Backup and restore of the embedded database as docs/operations.md section 5 writes it (issue 28): the
 * whole DATA_DIR copied while the server is stopped, restored into an empty one, answers the same. On
 * PostgreSQL: backup-restore.postgres.test.ts.
 */
let png: Buffer;
beforeAll(async () => {
  png = await samplePng();
});

describe('on the embedded database (the whole DATA_DIR, the server stopped)', () => {
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;
  let fleet: Awaited<ReturnType<typeof populate>>;
  let before: Awaited<ReturnType<typeof observe>>;
  const first = tempDir('signage-data-');
  // A first start on an empty DATA_DIR runs PGlite's initdb: the hook's minute, not the test's 30 s.
  beforeAll(async () => {
    product = await startProduct(first, undefined);
    fleet = await populate(product, png);
    before = await observe(product, fleet);
  });
  afterAll(async () => {
    await product?.close();
  });

  it('answers the same lists, manifests, media bytes and session from a copy restored into an empty DATA_DIR', async () => {
    const backup = path.join(tempDir('signage-backup-'), 'signage-20261203T000000Z');
    await product?.close();
    product = undefined;
    await run(documented('tar -C "$DATA_DIR" -czf "$BACKUP-data.tgz"'), { BACKUP: backup, DATA_DIR: first });
    const second = tempDir('signage-data-');
    await run(documented('tar -C "$DATA_DIR" -xzf "$BACKUP-data.tgz"'), { BACKUP: backup, DATA_DIR: second });
    product = await startProduct(second, undefined);
    expect(Object.keys(before.media)).toHaveLength(1);
    expect(await observe(product, fleet)).toEqual(before);
  });
});
