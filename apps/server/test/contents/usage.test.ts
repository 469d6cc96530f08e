import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { findContentIncludingDeleted } from '../../src/modules/contents/repo';
import { createTestApp, type TestApp, tempDir } from '../helpers';
import { writeImage } from '../media/fixtures';
import { expectFailure, signedIn, upload } from './support';

const HELD = 'Held by a schedule';

/**
 * A usage check as the schedules feature will register it: it reads through the handle it is given.
 * It holds a content only when that handle already sees the row marked deleted, which is true only
 * inside the delete transaction, so the test also proves where the check runs.
 */
async function heldBySchedule(tx: Database, contentId: string): Promise<string | null> {
  const row = await findContentIncludingDeleted(tx, contentId);
  return row?.name === HELD && row.deletedAt !== null ? CONTENT_MESSAGES.contentInUse : null;
}

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  const dir = tempDir();
  t = await createTestApp({ media: { uploadDir: path.join(dir, 'uploads') }, contentUsage: [heldBySchedule] });
  await writeImage(path.join(dir, 'a.png'), 'png', 64, 36);
  png = await readFile(path.join(dir, 'a.png'));
});
afterAll(() => t.close());

const form = (name: string) => ({ name, display_pattern: 'Multi,CW', region: 'JP' });

describe('DELETE /api/contents with the content-usage port', () => {
  it('answers 409 with the check message and deletes nothing while a check holds the content', async () => {
    const cookie = await signedIn(t.app, t.db, 'DS_MK');
    const file = { filename: 'a.png', type: 'image/png', data: png };
    const created = (await upload(t.app, cookie, form(HELD), file)).json().data;
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/contents/${created.content_id}`,
      headers: { cookie },
    });
    expectFailure(response, 409, CONTENT_MESSAGES.contentInUse);
    expect((await findContentIncludingDeleted(t.db, created.content_id))?.deletedAt).toBeNull();
    const detail = await t.app.inject({ url: `/api/contents/${created.key}`, headers: { cookie } });
    expect(detail.json().data.name).toBe(HELD);
    expect((await t.app.inject({ url: created.content_url, headers: { cookie } })).statusCode).toBe(200);
  });

  it('deletes a content no check holds', async () => {
    const cookie = await signedIn(t.app, t.db, 'DS_MK');
    const file = { filename: 'a.png', type: 'image/png', data: png };
    const created = (await upload(t.app, cookie, form('Free to go'), file)).json().data;
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/contents/${created.content_id}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.app.inject({ url: `/api/contents/${created.key}`, headers: { cookie } })).statusCode).toBe(404);
  });
});
