import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatorOptions, simulateManifest, simulatePlays } from '../../src/simulator/simulator';
import { createTestApp, createUser, loginAs, type TestApp, tempDir } from '../helpers';
import { injectFetch } from '../players/fixtures';
import { call, createBody, dayFrom, expectOk } from '../schedules/fixtures';
import { pairedPlayer, storedImage, testMedia } from './fixtures';

let t: TestApp;
const media = testMedia();
beforeAll(async () => {
  t = await createTestApp({ media });
});
afterAll(async () => {
  await t?.close();
});

describe('simulator manifest and plays', () => {
  it('fetches the manifest, re-polls with 304, downloads and verifies media, and sends plays', async () => {
    const mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
    const player = await pairedPlayer(t.db);
    const image = await storedImage(t.db, media.blobs);
    const body = createBody([player.deviceCode], [image.id], {
      available_date_from: dayFrom(0),
      download_allow_hour: '',
    });
    expectOk(await call(t.app, mk, 'POST', '/api/schedules', body));
    const stateFile = path.join(tempDir(), 'state.json');
    fs.writeFileSync(stateFile, JSON.stringify({ 'SIM-1': player.token }));
    const options: SimulatorOptions = { url: 'http://player.test', stateFile, fetch: injectFetch(t.app) };
    const fetched = await simulateManifest(options, 'SIM-1', true);
    expect(fetched.status, fetched.message).toBe(200);
    expect(fetched.message).toMatch(
      /^manifest \S+: 1 schedule\(s\), 1 media, re-poll 304, 1 media verified, clock skew/,
    );
    expect(await simulatePlays(options, 'SIM-1', 3, 2)).toMatchObject({
      status: 200,
      message: 'plays 3..4 sent, 2 new, acked 0',
    });
    expect(await simulatePlays(options, 'SIM-1', 1, 2)).toMatchObject({
      status: 200,
      message: 'plays 1..2 sent, 2 new, acked 4',
    });
  });
});
