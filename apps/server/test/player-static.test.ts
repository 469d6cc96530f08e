import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tempDir } from './helpers';

/** The web player's build as the server finds it: index.html and one hashed asset. */
function makePlayerDist(): string {
  const dist = tempDir('signage-player-dist-');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Signage Player</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dist;
}

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  [t, bare] = await Promise.all([createTestApp({ config: { playerDist: makePlayerDist() } }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
});

describe('the web player at /player/', () => {
  it('serves its page revalidated on each load and its hashed assets for a year', async () => {
    const page = await t.app.inject({ url: '/player/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Signage Player');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("media-src 'self' blob:");
    const asset = await t.app.inject({ url: '/player/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends /player to /player/ with its query (the kiosk serial)', async () => {
    const moved = await t.app.inject({ url: '/player?serial=KIOSK-1' });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/player/?serial=KIOSK-1');
  });

  it('explains how to build it when there is no build', async () => {
    const note = await bare.app.inject({ url: '/player/' });
    expect(note.statusCode).toBe(200);
    expect(note.body).toContain('npm run build');
  });
});
