import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E } from '../support/env';
import { apiAs, registerSerial } from '../support/fleet';
import { USERS } from '../support/users';

/** A solid red PNG and a 4-second H.264 test pattern, made with ffmpeg for this test. */
function media(): { png: string; mp4: string } {
  const dir = mkdtempSync(join(tmpdir(), 'signage-player-'));
  const png = join(dir, 'red.png');
  const mp4 = join(dir, 'clip.mp4');
  const run = (args: string[]) => {
    const result = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
  };
  run(['-f', 'lavfi', '-i', 'color=c=red:size=640x360', '-frames:v', '1', png]);
  run([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', mp4],
  ]);
  return { png, mp4 };
}

/**
 * The whole loop in Chromium: a web player page shows its serial, staff issue a PIN in the console's API, the
 * PIN typed on the player pairs it, DS_MK schedules an image and a video for it, and the screen shows the
 * image (read from the screenshot's pixels) and then plays the video; the console sees the delivery confirmed.
 */
test('a web player paired with a PIN plays what DS_MK schedules, within seconds', async ({ page }) => {
  const stamp = Date.now();
  const serial = `WEB-${stamp}`;
  const shop = `Web player ${stamp}`;
  const files = media();
  const frit = await apiAs(USERS.DS_FRIT);
  const mk = await apiAs(USERS.DS_MK);
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    page.on('console', (message) => console.info(`player: ${message.type()} ${message.text()}`));
    page.on('pageerror', (error) => console.info(`player error: ${error.message}`));
    await page.goto(`/player/?serial=${serial}&lang=en`);
    await expect(page.getByText(serial)).toBeVisible();

    const { device_code: code, pin } = await registerSerial(frit, serial, {
      region: 'JP',
      shop_no: '0099',
      shop_name: shop,
      display_pattern: 'Multi,CW',
    });
    await page.keyboard.type(pin);
    // Paired: nothing is scheduled yet, so the idle screen with the store's name.
    await expect(page.getByText('Nothing is scheduled')).toBeVisible();
    await expect(page.getByText(shop)).toBeVisible();

    const upload = async (file: string, mimeType: string, name: string) => {
      const response = await mk.post('/api/contents', {
        multipart: {
          name,
          region: 'JP',
          display_pattern: 'Multi,CW',
          license_from: '',
          license_to: '',
          content: { name: file.split('/').at(-1) as string, mimeType, buffer: readFileSync(file) },
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()).data as { content_id: string }).content_id;
    };
    const image = await upload(files.png, 'image/png', `Red ${stamp}`);
    const video = await upload(files.mp4, 'video/mp4', `Clip ${stamp}`);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const created = await mk.post('/api/schedules', {
      data: {
        playlist_name: 'Default playlist',
        schedule_name: `Web player ${stamp}`,
        available_date_from: today,
        available_date_to: '',
        available_time_from: '',
        available_time_to: '',
        contents: [image, video],
        dest: [code],
        download_allow_hour: '',
        zone_code: 'Asia/Tokyo',
      },
    });
    expect(created.status(), await created.text()).toBe(200);

    // The image is on screen, brought by the push: the player's first poll comes 60-70 s after it started,
    // later than this whole test may take (its timeout), so only the push can have told it. The centre of the
    // screenshot is red. (How fast the push brings it is bench/push.ts's measure, not this test's.)
    const shown = page.locator('.layer.shown img');
    await expect(shown).toBeVisible();
    const shot = await page.screenshot({
      path: test.info().outputPath('player-image.png'),
      clip: { x: 630, y: 350, width: 20, height: 20 },
    });
    // The pixel at the clip's centre, decoded by ffmpeg (raw RGB).
    const raw = spawnSync('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
      input: shot,
    }).stdout;
    const at = (10 * 20 + 10) * 3;
    const centre = [raw[at] ?? 0, raw[at + 1] ?? 0, raw[at + 2] ?? 0];
    expect(centre[0]).toBeGreaterThan(200);
    expect(centre[1]).toBeLessThan(60);
    expect(centre[2]).toBeLessThan(60);

    // After the image's 10 seconds, the video plays (its time advances).
    const playing = page.locator('.layer.shown video');
    await expect(playing).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(() => playing.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(1);
    await page.screenshot({ path: test.info().outputPath('player-video.png') });

    // The console: the player confirmed the plan it plays.
    await expect
      .poll(
        async () => {
          const detail = await frit.get(`/api/devices/${code}`);
          return ((await detail.json()).data.devices[0].delivery as { state: string }).state;
        },
        { timeout: 70_000 },
      )
      .toBe('up_to_date');
  } finally {
    await frit.dispose();
    await mk.dispose();
  }
  expect(E2E.baseURL).toContain('127.0.0.1');
});
