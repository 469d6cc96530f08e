import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { E2E } from '../support/env';
import { readPlays } from '../support/playerPlays';

/**
 * Offline play (issue 11): a web player keeps playing with its server stopped, switches to the next schedule
 * at its minute, starts again from a reload with the server still away (page from the service worker, media
 * from IndexedDB), and when the server is back every play it made arrives exactly once. The test runs its own
 * server (its own port and data) so that it can stop and restart it; the page's clock is Playwright's, so the
 * next schedule's minute comes at once.
 */
const PORT = E2E.port + 7;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Offline-e2e-Passw0rd';

function startServer(dataDir: string): ChildProcess {
  return spawn('npm', ['run', '--silent', 'serve'], {
    cwd: E2E.repoRoot,
    // No live ingest: this spec shows none, and an nginx of its own would fight over the RTMP port.
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      LIVE_INGEST: 'off',
    },
    stdio: 'ignore',
    detached: true,
  });
}

/** A first start creates the database (PGlite initdb): over a minute on a loaded 2-core machine. */
async function untilHealthy() {
  await expect
    .poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.status ?? 0, { timeout: 150_000 })
    .toBe(200);
}

async function stopServer(server: ChildProcess) {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-(server.pid as number), 'SIGTERM');
  await exited;
  await expect.poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null)) === null).toBe(true);
}

function png(color: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'signage-offline-'));
  const file = join(dir, `${color}.png`);
  const result = spawnSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${color}:size=640x360`,
    '-frames:v',
    '1',
    file,
  ]);
  if (result.status !== 0) throw new Error(String(result.stderr));
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** A store whose local time is well inside its day, so two ten-minute windows from now fit before midnight. */
function storeNow(): { region: string; zone: string; day: string; minutes: number } {
  for (const [region, zone] of [
    ['JP', 'Asia/Tokyo'],
    ['GB', 'Europe/London'],
    ['US', 'America/New_York'],
  ] as const) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(new Date())
        .map((part) => [part.type, part.value]),
    );
    const minutes = Number(parts.hour) * 60 + Number(parts.minute);
    if (minutes >= 60 && minutes <= 22 * 60)
      return { region, zone, day: `${parts.year}-${parts.month}-${parts.day}`, minutes };
  }
  throw new Error('no store zone is inside its day (cannot happen: the three are hours apart)');
}

const hhmm = (minutes: number, seconds = '00') =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:${seconds}`;

test('a web player plays on with the server stopped, switches on time, survives a reload, and every play arrives once', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'signage-offline-data-'));
  let server = startServer(dataDir);
  let admin: APIRequestContext | undefined;
  try {
    await untilHealthy();
    admin = await request.newContext({ baseURL: BASE });
    expect((await admin.post('/api/users/admin/auth', { data: { password: PASSWORD } })).status()).toBe(200);
    const stamp = Date.now();
    const serial = `OFF-${stamp}`;
    const store = storeNow();

    // The page's clock runs from now; Playwright can move it forward.
    await page.clock.install();
    // A window taller than the store's 16:9 display: the stage keeps the display's shape, centred.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${BASE}/player/?serial=${serial}&lang=en`);
    await expect(page.getByText(serial)).toBeVisible();
    const issued = await admin.post('/api/registrations', {
      data: {
        region: store.region,
        shop_no: '0401',
        shop_name: `Offline ${stamp}`,
        display_pattern: 'Multi,CW',
        memo: '',
        device_name: serial,
        time_zone: store.zone,
      },
    });
    expect(issued.status(), await issued.text()).toBe(200);
    const { device_code: code, pin } = (await issued.json()).data as { device_code: string; pin: string };
    await page.keyboard.type(pin);
    await expect(page.getByText('Nothing is scheduled')).toBeVisible();

    const upload = async (name: string, bytes: Buffer) => {
      const response = await admin!.post('/api/contents', {
        multipart: {
          name,
          region: store.region,
          display_pattern: 'Multi,CW',
          content: { name: `${name}.png`, mimeType: 'image/png', buffer: bytes },
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()).data as { content_id: string }).content_id;
    };
    const red = await upload(`Red ${stamp}`, png('red'));
    const blue = await upload(`Blue ${stamp}`, png('blue'));
    // Red from this 5-minute step for ten minutes (to hh:mm:59, so at least five are left); blue from 15 minutes on.
    const from = Math.floor(store.minutes / 5) * 5;
    const schedule = async (name: string, content: string, start: number) => {
      const created = await admin!.post('/api/schedules', {
        data: {
          playlist_name: 'Default playlist',
          schedule_name: name,
          available_date_from: store.day,
          available_date_to: store.day,
          available_time_from: hhmm(start),
          available_time_to: hhmm(start + 10, '59'),
          contents: [content],
          dest: [code],
          download_allow_hour: '',
          zone_code: store.zone,
        },
      });
      expect(created.status(), await created.text()).toBe(200);
    };
    await schedule(`Red ${stamp}`, red, from);
    await schedule(`Blue ${stamp}`, blue, from + 15);
    const shown = page.locator('.layer.shown img');
    await expect(shown).toHaveAttribute('alt', `Red ${stamp}`);
    expect(await page.locator('.stage').boundingBox()).toEqual({ x: 0, y: 90, width: 1280, height: 720 });
    // Both schedules are collected and their media verified (the blue one starts later): the player confirms.
    await expect
      .poll(
        async () => {
          const detail = await admin!.get(`/api/devices/${code}`);
          return ((await detail.json()).data.devices[0].delivery as { state: string }).state;
        },
        { timeout: 30_000 },
      )
      .toBe('up_to_date');

    // The server goes away. Red goes on; at the blue schedule's minute the screen switches.
    await stopServer(server);
    await page.clock.runFor(30_000);
    await expect(shown).toHaveAttribute('alt', `Red ${stamp}`);
    const untilBlue = ((from + 15) * 60 - store.minutes * 60 + 5) * 1000;
    await page.clock.fastForward(untilBlue);
    await page.clock.runFor(2_000);
    await expect(shown).toHaveAttribute('alt', `Blue ${stamp}`);
    await page.clock.runFor(25_000);

    // A reload with the server still away: the page comes from the service worker, blue from IndexedDB.
    await page.reload();
    await page.clock.runFor(2_000);
    await expect(page.locator('.layer.shown img')).toHaveAttribute('alt', `Blue ${stamp}`);
    await page.clock.runFor(25_000);
    const made = (await page.evaluate(readPlays)).sequence;
    expect(made).toBeGreaterThan(3);

    // The server is back: the next heartbeat sends what was kept; each play arrives once.
    server = startServer(dataDir);
    await untilHealthy();
    await page.clock.runFor(61_000);
    // Only the play on screen is left on the player (it is sent once it ends).
    await expect.poll(async () => (await page.evaluate(readPlays)).pending, { timeout: 30_000 }).toBe(1);
    const answer = await admin.get(`/api/playhistory?device_code=${code}&limit=500`);
    const history = (await answer.json()).data as { acked: number; plays: { sequence: number; content_id: string }[] };
    const sequences = history.plays.map((play) => play.sequence).sort((a, b) => a - b);
    // Rows equal plays: 1..acked, each once, none missing; the one still on screen is not closed yet.
    expect(sequences).toEqual(Array.from({ length: history.acked }, (_, i) => i + 1));
    expect(history.acked).toBeGreaterThanOrEqual(made - 1);
    expect(history.plays.some((play) => play.content_id === blue)).toBe(true);
    expect(history.plays.some((play) => play.content_id === red)).toBe(true);

    // What the player said about itself meanwhile (its starts, the reload) came as a log file.
    const day = (offset: number) => `${new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)} 00:00`;
    await expect
      .poll(
        async () => {
          const logs = await admin!.get(
            `/api/devices/logs?device_code=${code}&start=${encodeURIComponent(day(-1))}&end=${encodeURIComponent(day(2))}`,
          );
          const found = ((await logs.json()).data?.logs ?? []) as { name: string }[];
          return found.filter((entry) => entry.name.startsWith(`player-${serial}`)).length;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
  } finally {
    await admin?.dispose();
    if (server.exitCode === null) await stopServer(server).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
