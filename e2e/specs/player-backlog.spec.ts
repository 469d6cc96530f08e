import { crc32, deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiAs, registerSerial } from '../support/fleet';
import { type PlaysState, prefillPlays, readPlays, timeAppends } from '../support/playerPlays';
import { USERS } from '../support/users';

/**
 * Proof of play that survives a week offline (issue 26): a web player in Chromium, offline, holding more than a
 * week's backlog at a 5-second loop (110,000 plays in its IndexedDB), keeps switching its images and recording
 * its plays with increasing sequences; back online it delivers every play once, in batches. The figures (time
 * of one play's write with the backlog held, the flush rate, the gaps between switches) are printed, not
 * judged: the machine is shared. bench/ is the place for heavier measurement.
 */
const BACKLOG = 110_000;
/** A solid-colour 160x90 PNG (the bytes are sniffed at upload, and the page must decode them). */
function png([r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const [width, height] = [160, 90];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(mk: APIRequestContext, name: string, colour: [number, number, number]) {
  const response = await mk.post('/api/contents', {
    multipart: {
      name,
      region: 'JP',
      display_pattern: 'Multi,CW',
      content: { name: `${name}.png`, mimeType: 'image/png', buffer: png(colour) },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data as { content_id: string; key: string };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('a player offline with a week of plays keeps switching, then delivers every play once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const serial = `BACKLOG-${stamp}`;
  const frit = await apiAs(USERS.DS_FRIT);
  const mk = await apiAs(USERS.DS_MK);
  try {
    await page.setViewportSize({ width: 320, height: 180 });
    // A 1-second image loop: many switches (and plays) in a short test.
    await page.goto(`/player/?serial=${serial}&lang=en&debug_image_seconds=1`);
    await expect(page.getByText(serial)).toBeVisible();
    const shopName = `Backlog ${stamp}`;
    const { device_code: code, pin } = await registerSerial(frit, serial, {
      region: 'JP',
      shop_no: '0097',
      shop_name: shopName,
      display_pattern: 'Multi,CW',
    });
    await page.keyboard.type(pin);
    await expect(page.getByText('Nothing is scheduled')).toBeVisible();
    const red = await upload(mk, `Red ${stamp}`, [220, 30, 30]);
    const blue = await upload(mk, `Blue ${stamp}`, [30, 30, 220]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const created = await mk.post('/api/schedules', {
      data: {
        playlist_name: 'Default playlist',
        schedule_name: `Backlog ${stamp}`,
        available_date_from: today,
        available_date_to: '',
        available_time_from: '',
        available_time_to: '',
        contents: [red.content_id, blue.content_id],
        dest: [code],
        download_allow_hour: '',
        zone_code: 'Asia/Tokyo',
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const made = (await created.json()).data as { schedule_id?: string; id?: string };
    const scheduleId = made.schedule_id ?? made.id ?? '';
    expect(scheduleId).toMatch(/^[0-9a-f-]{36}$/);
    const shown = page.locator('.layer.shown img');
    await expect(shown).toHaveAttribute('alt', `Blue ${stamp}`, { timeout: 30_000 });

    // Offline: the page reaches nothing (nor does its service worker). The backlog goes in meanwhile.
    await context.setOffline(true);
    await page.evaluate(() => {
      const w = window as unknown as { switches: number[] };
      w.switches = [];
      // A switch: a layer becomes the one shown.
      const revealed = (records: MutationRecord[]) =>
        records.some((r) => (r.target as Element).classList.contains('shown') && !r.oldValue?.includes('shown'));
      new MutationObserver((records) => {
        if (revealed(records)) w.switches.push(performance.now());
      }).observe(document.querySelector('.stage')!, {
        attributeOldValue: true,
        subtree: true,
        attributeFilter: ['class'],
      });
    });
    const contents = [red.content_id, blue.content_id];
    const prefill = await page.evaluate(prefillPlays, {
      contents,
      scheduleId,
      plays: BACKLOG,
      loopSeconds: 5,
      chunk: 10_000,
    });
    // The player's own plays went in between the transactions, numbered in turn with them.
    expect(prefill.last - prefill.first + 1).toBeGreaterThanOrEqual(BACKLOG);
    // One play's write as the player does it, with the backlog held (these are plays too: they are delivered).
    const appends = await page.evaluate(timeAppends, { contents, scheduleId, count: 200 });
    const held = await page.evaluate(readPlays);
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    expect(held.pending).toBeGreaterThan(BACKLOG);

    // The loop goes on: the player's own plays keep coming, numbered after everything held.
    await expect
      .poll(async () => (await page.evaluate(readPlays)).sequence - held.sequence, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(8);
    await expect(shown).toHaveAttribute('alt', `Red ${stamp}`);
    await expect(shown).toHaveAttribute('alt', `Blue ${stamp}`);
    const switches = await page.evaluate(() => (window as unknown as { switches: number[] }).switches);
    const gaps = switches.slice(1).map((at, i) => at - (switches[i] as number));

    // What the thread that draws the screen spent in long tasks (over 50 ms) while the backlog went.
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    // Online again: the player collects at once and its heartbeat sends the backlog, 500 a batch.
    const online = Date.now();
    await context.setOffline(false);
    const samples: { at: number; state: PlaysState }[] = [];
    await expect
      .poll(
        async () => {
          const state = await page.evaluate(readPlays);
          samples.push({ at: Date.now(), state });
          return state.pending;
        },
        { timeout: 140_000, intervals: [500] },
      )
      .toBeLessThanOrEqual(2); // the play on screen, and one just closed
    // Frozen for the count: offline again, nothing more is sent while the server is read.
    await context.setOffline(true);
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    const final = await page.evaluate(readPlays);
    const answer = await frit.get(`/api/playhistory?device_code=${code}&limit=1`);
    expect(answer.status(), await answer.text()).toBe(200);
    const acked = ((await answer.json()).data as { acked: number }).acked;
    // Every sequence the player gave up to what it still holds is on the server: all the backlog, the timed
    // writes, the plays made offline and since.
    expect(acked).toBe((final.lowest ?? final.sequence + 1) - 1);
    expect(acked).toBeGreaterThanOrEqual(held.sequence + 8);
    // ...and each once: the rows the server holds (its daily rollups, per content) are exactly `acked`.
    let rows = 0;
    for (const key of [red.key, blue.key]) {
      const detail = await frit.get(
        `/api/contents/history/${key}?start_date=${day(-8)}&end_date=${day(0)}&shop_name=${encodeURIComponent(shopName)}`,
      );
      expect(detail.status(), await detail.text()).toBe(200);
      const devices = (await detail.json()).data.devices as { device_code: string; plays: number[] }[];
      rows += devices
        .filter((device) => device.device_code === code)
        .flatMap((device) => device.plays)
        .reduce((a, b) => a + b, 0);
    }
    expect(rows).toBe(acked);
    const player = await frit.get(`/api/devices/${code}`);
    expect((await player.json()).data.devices[0].delivery.plays_unrecorded).toBe(0);

    // The figures.
    const sorted = [...appends].sort((a, b) => a - b);
    const started = samples.find((s) => s.state.pending < held.pending) ?? samples[0];
    const last = samples.at(-1);
    const flushSeconds = started && last ? (last.at - started.at) / 1000 : 0;
    const flushed = started && last ? started.state.pending - last.state.pending : 0;
    console.info(
      [
        `backlog: ${BACKLOG} plays prefilled in ${(prefill.ms / 1000).toFixed(1)} s (10,000 a transaction), ${held.pending} held offline, origin storage ${(usage / 1e6).toFixed(1)} MB`,
        `one play's write with the backlog held: median ${sorted[100]?.toFixed(2)} ms, p95 ${sorted[190]?.toFixed(2)} ms, max ${sorted.at(-1)?.toFixed(2)} ms (${appends.length} writes)`,
        `switches offline: ${switches.length}, longest gap between two ${Math.max(...gaps).toFixed(0)} ms (1 s images)`,
        `flush: first batch acknowledged ${started ? ((started.at - online) / 1000).toFixed(1) : '?'} s after going online; ${flushed} plays in ${flushSeconds.toFixed(1)} s = ${Math.round(flushed / Math.max(flushSeconds, 0.001))} plays/s`,
        `long tasks on the page's thread during the flush: ${longTasks.length}, longest ${Math.max(0, ...longTasks).toFixed(0)} ms`,
        `server: acked ${acked}, rows ${rows}`,
      ].join('\n'),
    );
  } finally {
    await context.setOffline(false);
    await frit.dispose();
    await mk.dispose();
  }
});

test('a player whose storage refuses every play keeps playing and reports how many it could not record', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const serial = `NOROOM-${stamp}`;
  const frit = await apiAs(USERS.DS_FRIT);
  const mk = await apiAs(USERS.DS_MK);
  try {
    // Storage full: every new record is refused, as Chromium does past the origin's quota.
    await context.addInitScript(() => {
      IDBObjectStore.prototype.add = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await page.setViewportSize({ width: 320, height: 180 });
    await page.goto(`/player/?serial=${serial}&lang=en&debug_image_seconds=1`);
    await expect(page.getByText(serial)).toBeVisible();
    const { device_code: code, pin } = await registerSerial(frit, serial, {
      region: 'JP',
      shop_no: '0096',
      shop_name: `No room ${stamp}`,
      display_pattern: 'Multi,CW',
    });
    await page.keyboard.type(pin);
    await expect(page.getByText('Nothing is scheduled')).toBeVisible();
    const red = await upload(mk, `Red ${stamp}`, [220, 30, 30]);
    const blue = await upload(mk, `Blue ${stamp}`, [30, 30, 220]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const created = await mk.post('/api/schedules', {
      data: {
        playlist_name: 'Default playlist',
        schedule_name: `No room ${stamp}`,
        available_date_from: today,
        available_date_to: '',
        available_time_from: '',
        available_time_to: '',
        contents: [red.content_id, blue.content_id],
        dest: [code],
        download_allow_hour: '',
        zone_code: 'Asia/Tokyo',
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    // Playback goes on: the loop switches back and forth, nothing recorded.
    const shown = page.locator('.layer.shown img');
    for (const name of ['Blue', 'Red', 'Blue', 'Red']) {
      await expect(shown).toHaveAttribute('alt', `${name} ${stamp}`, { timeout: 30_000 });
    }
    expect((await page.evaluate(readPlays)).pending).toBe(0);
    // The next heartbeat carries the count (a network change makes the player report at once).
    await context.setOffline(true);
    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const detail = await frit.get(`/api/devices/${code}`);
          return (await detail.json()).data.devices[0].delivery.plays_unrecorded as number;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(3);
  } finally {
    await frit.dispose();
    await mk.dispose();
  }
});
