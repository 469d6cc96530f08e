import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, registerSerial } from '../support/fleet';
import { greyPixels, type Publisher, readStamp, rgbPixels, startPublisher } from '../support/livePublisher';
import { USERS } from '../support/users';

type Box = { x: number; y: number; width: number; height: number };

/** A solid green PNG: the live image, told apart from the grey stream by its colour alone. */
function greenPng(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'signage-live-'));
  const file = join(dir, 'green.png');
  const made = spawnSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x00c000:size=1280x720',
    '-frames:v',
    '1',
    file,
  ]);
  if (made.status !== 0) throw new Error(String(made.stderr));
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** The mean colour of a 40x40 square at the centre of the stream's box, read from a screenshot. */
async function centreColour(page: Page, box: Box): Promise<[number, number, number]> {
  const clip = {
    x: Math.round(box.x + box.width / 2 - 20),
    y: Math.round(box.y + box.height / 2 - 20),
    width: 40,
    height: 40,
  };
  const rgb = rgbPixels(await page.screenshot({ clip }));
  const sum = [0, 0, 0];
  for (let i = 0; i < rgb.length; i += 3) for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (rgb[i + c] ?? 0);
  const n = rgb.length / 3;
  return [(sum[0] ?? 0) / n, (sum[1] ?? 0) / n, (sum[2] ?? 0) / n];
}

const isGreen = ([r, g, b]: [number, number, number]) => g > 150 && r < 80 && b < 80;

/** Pixels that changed by more than a little between two screenshots of the stream's box, one after the other. */
async function movingPixels(page: Page, box: Box): Promise<number> {
  const clip = {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
  const first = greyPixels(await page.screenshot({ clip }));
  const second = greyPixels(await page.screenshot({ clip }));
  let changed = 0;
  for (let i = 0; i < first.length; i++) if (Math.abs((first[i] ?? 0) - (second[i] ?? 0)) > 40) changed++;
  return changed;
}

/** The stream on screen and moving: its pixels change between screenshots and it is not the green live image. */
async function streaming(page: Page, box: Box): Promise<boolean> {
  return !isGreen(await centreColour(page, box)) && (await movingPixels(page, box)) > 2000;
}

/** 'streaming', or why not yet: the publisher's state is part of what a failure prints. */
async function streamingOr(publisher: Publisher, page: Page, box: Box): Promise<string> {
  if (await streaming(page, box)) return 'streaming';
  return publisher.running() ? 'not yet (publisher running)' : `publisher ended: ${publisher.errors()}`;
}

/**
 * Glass to glass: the publisher drew the instant each frame was made; a screenshot reads it back. The delay is
 * the screenshot's middle instant minus the frame's (± half the screenshot's own time, printed too).
 */
async function glassToGlass(page: Page, box: Box, reads: number): Promise<{ median: number; error: number }> {
  const clip = {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height / 1.6),
  };
  const delays: number[] = [];
  const spans: number[] = [];
  for (let attempt = 0; delays.length < reads && attempt < reads * 3; attempt++) {
    const before = Date.now();
    const shot = await page.screenshot({ clip });
    const after = Date.now();
    const stamp = readStamp(greyPixels(shot), clip.width, {
      x: box.x - clip.x,
      y: box.y - clip.y,
      width: box.width,
      height: box.height,
    });
    if (stamp === null) continue;
    delays.push((before + after) / 2 - stamp);
    spans.push((after - before) / 2);
  }
  expect(delays.length, 'the frames carry a readable instant').toBe(reads);
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.info(`glass-to-glass reads (ms): ${delays.map((d) => Math.round(d)).join(', ')}`);
  return { median: middle(delays), error: middle(spans) };
}

/**
 * Issue 14 on a store screen: DS_MK registers a live content (its live image solid green), a web player paired
 * with a PIN gets a schedule of it, and:
 * - off air, the screen shows the live image (green pixels);
 * - ffmpeg publishes with the key issued at registration: the stream plays (pixels move, not green), and the
 *   instant drawn into its frames is read back from screenshots (glass-to-glass delay);
 * - the publisher stops: the live image is back;
 * - it publishes again: the stream comes back without anyone touching the player.
 */
// The screen's browser in a zone that is not the Tokyo store's, so that a time written in the browser's zone would show.
test.use({ timezoneId: 'America/Los_Angeles' });

test('a web player shows a live stream, its live image while off air, and the stream again when it returns', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const serial = `LIVE-${stamp}`;
  const frit = await apiAs(USERS.DS_FRIT);
  const mk = await apiAs(USERS.DS_MK);
  let publisher: Publisher | null = null;
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    page.on('pageerror', (error) => console.info(`player error: ${error.message}`));
    await page.goto(`/player/?serial=${serial}&lang=en`);
    await expect(page.getByText(serial)).toBeVisible();
    const { device_code: code, pin } = await registerSerial(frit, serial, {
      region: 'JP',
      shop_no: '0098',
      shop_name: `Live store ${stamp}`,
      display_pattern: 'Multi,CW',
    });
    await page.keyboard.type(pin);
    await expect(page.getByText('Nothing is scheduled')).toBeVisible();

    const registered = await mk.post('/api/contents', {
      multipart: {
        name: `Live ${stamp}`,
        display_pattern: 'Multi,CW',
        region: 'JP',
        livePlatform: 'selfhosted',
        layout: 'Fullscreen',
        livestation_url: 'https://station.example.com/live',
        output_resolution: 'W1280xH720_Pixels',
        output_resolution_width: '',
        output_resolution_height: '',
        live_prompt: 'We are back in a moment',
        live_logo_position: 'lower_right',
        live_dashboard: 'hide',
        content: { name: 'green.png', mimeType: 'image/png', buffer: greenPng() },
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const live = (await registered.json()).data as { content_id: string; rtmp_url: string; stream_key: string };
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const scheduled = await mk.post('/api/schedules', {
      data: {
        playlist_name: 'Default playlist',
        schedule_name: `Live ${stamp}`,
        available_date_from: today,
        available_date_to: '',
        available_time_from: '',
        available_time_to: '',
        contents: [live.content_id],
        dest: [code],
        download_allow_hour: '',
        zone_code: 'Asia/Tokyo',
      },
    });
    expect(scheduled.status(), await scheduled.text()).toBe(200);

    // Off air: the live image with the prompt; its pixels are the image's green.
    await expect(page.getByText('We are back in a moment')).toBeVisible({ timeout: 30_000 });
    const box = (await page.locator('.live-box').boundingBox()) as Box;
    expect(box.width / box.height).toBeCloseTo(1280 / 720, 1);
    await expect.poll(async () => isGreen(await centreColour(page, box)), { timeout: 10_000 }).toBe(true);

    // On air with the issued key: the stream's pixels move on screen.
    const target = `${live.rtmp_url.replace(/\/$/, '')}/${live.stream_key}`;
    publisher = startPublisher(['-f', 'flv', target]);
    const first = publisher;
    await expect
      .poll(() => streamingOr(first, page, box), { timeout: 60_000, intervals: [500], message: 'the stream plays' })
      .toBe('streaming');
    writeFileSync(test.info().outputPath('on-air.png'), await page.screenshot());
    const delay = await glassToGlass(page, box, 9);
    console.info(
      `glass-to-glass delay: median ${(delay.median / 1000).toFixed(2)} s (± ${(delay.error / 1000).toFixed(2)} s, the screenshot's own time)`,
    );
    // Measured and printed; its budget is bench/live-latency.ts's, not this test's.
    expect(delay.median).toBeGreaterThan(0);

    // The publisher stops: the live image is back, not a still frame.
    await publisher.stop();
    publisher = null;
    const stopped = Date.now();
    await expect.poll(async () => isGreen(await centreColour(page, box)), { timeout: 30_000 }).toBe(true);
    console.info(`publisher stopped -> live image on screen: ${((Date.now() - stopped) / 1000).toFixed(1)} s`);
    await expect(page.getByText('We are back in a moment')).toBeVisible();
    writeFileSync(test.info().outputPath('off-air.png'), await page.screenshot());

    // It publishes again: the stream returns by itself.
    publisher = startPublisher(['-f', 'flv', target]);
    const second = publisher;
    const restarted = Date.now();
    await expect
      .poll(() => streamingOr(second, page, box), {
        timeout: 60_000,
        intervals: [500],
        message: 'the stream plays again',
      })
      .toBe('streaming');
    console.info(`publisher back -> stream on screen: ${((Date.now() - restarted) / 1000).toFixed(1)} s`);

    // The installer's overlay says what is on screen, and when the player last heard from the server: on the
    // Tokyo store's clock in SPEC.md section 9's YYYY-MM-DD HH:mm:ss (the browser's zone is not Tokyo's), within
    // the minute's poll (issue 31).
    await page.keyboard.press('i');
    await expect(page.getByText('(live stream, on air)')).toBeVisible();
    const lastSync = (await page.locator('.status dt:text-is("Last sync") + dd').textContent()) ?? '';
    expect(lastSync).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const syncedAt = Date.parse(`${lastSync.replace(' ', 'T')}+09:00`);
    expect(Math.abs(Date.now() - syncedAt), lastSync).toBeLessThan(120_000);
  } finally {
    await publisher?.stop();
    await frit.dispose();
    await mk.dispose();
  }
});
