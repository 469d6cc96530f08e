import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiAs, registerSerial } from '../support/fleet';
import { USERS } from '../support/users';

/** Two 2-second solid-colour clips (red, blue): a black or stale frame between them shows in the colour read. */
function clips(): { red: string; blue: string } {
  const dir = mkdtempSync(join(tmpdir(), 'signage-gapless-'));
  const make = (colour: string) => {
    const file = join(dir, `${colour}.mp4`);
    const result = spawnSync(
      'ffmpeg',
      [
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${colour}:size=320x180:rate=25:duration=2`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(result.stderr);
    return file;
  };
  return { red: make('red'), blue: make('blue') };
}

async function upload(mk: APIRequestContext, file: string, name: string): Promise<string> {
  const response = await mk.post('/api/contents', {
    multipart: {
      name,
      region: 'JP',
      display_pattern: 'Multi,CW',
      license_from: '',
      license_to: '',
      content: { name: file.split('/').at(-1) as string, mimeType: 'video/mp4', buffer: readFileSync(file) },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { content_id, key } = (await response.json()).data as { content_id: string; key: string };
  // Ready before it is scheduled: this test watches two clips alternate, not a playlist that grows while a
  // clip is still processing (plan.test.ts covers that: the schedule on screen goes on with what it has).
  await expect
    .poll(
      async () =>
        ((await (await mk.get(`/api/contents/${key}`)).json()).data as { processing_state: string }).processing_state,
      {
        timeout: 30_000,
      },
    )
    .toBe('ready');
  return content_id;
}

type Sample = { t: number; colour: 'red' | 'blue' | 'black' | 'other' | 'none'; time: number };

/**
 * What a viewer sees at every animation frame for `ms`: the colour of the frame the visible layer's video
 * shows (drawn into a canvas, as the compositor would show it) and that video's time.
 */
function watch(ms: number): Promise<Sample[]> {
  return new Promise((resolve) => {
    const canvas = document.createElement('canvas');
    canvas.width = 4;
    canvas.height = 4;
    const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
    const samples: Sample[] = [];
    const start = performance.now();
    const frame = () => {
      const video = document.querySelector('.layer.shown video') as HTMLVideoElement | null;
      let colour: Sample['colour'] = 'none';
      if (video && video.readyState >= 2) {
        context.drawImage(video, 0, 0, 4, 4);
        const [r, g, b] = context.getImageData(1, 1, 1, 1).data as unknown as number[];
        colour =
          (r ?? 0) < 40 && (g ?? 0) < 40 && (b ?? 0) < 40
            ? 'black'
            : (r ?? 0) > 180 && (b ?? 0) < 80
              ? 'red'
              : (b ?? 0) > 180 && (r ?? 0) < 80
                ? 'blue'
                : 'other';
      } else if (video) colour = 'black';
      samples.push({ t: performance.now() - start, colour, time: video?.currentTime ?? -1 });
      if (performance.now() - start < ms) requestAnimationFrame(frame);
      else resolve(samples);
    };
    requestAnimationFrame(frame);
  });
}

/**
 * Gapless playback (issue 11): two videos in a loop swap without a black frame, and the picture does not
 * freeze at the swap beyond a few frames because the next video is ready before the current one ends.
 */
test('videos follow each other without a black frame or a visible pause', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const serial = `GAPLESS-${stamp}`;
  const files = clips();
  const frit = await apiAs(USERS.DS_FRIT);
  const mk = await apiAs(USERS.DS_MK);
  try {
    await page.setViewportSize({ width: 640, height: 360 });
    await page.goto(`/player/?serial=${serial}&lang=en`);
    await expect(page.getByText(serial)).toBeVisible();
    const { device_code: code, pin } = await registerSerial(frit, serial, {
      region: 'JP',
      shop_no: '0098',
      shop_name: `Gapless ${stamp}`,
      display_pattern: 'Multi,CW',
    });
    await page.keyboard.type(pin);
    await expect(page.getByText('Nothing is scheduled')).toBeVisible();

    const red = await upload(mk, files.red, `Red clip ${stamp}`);
    const blue = await upload(mk, files.blue, `Blue clip ${stamp}`);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const created = await mk.post('/api/schedules', {
      data: {
        playlist_name: 'Default playlist',
        schedule_name: `Gapless ${stamp}`,
        available_date_from: today,
        available_date_to: '',
        available_time_from: '',
        available_time_to: '',
        contents: [red, blue],
        dest: [code],
        download_allow_hour: '',
        zone_code: 'Asia/Tokyo',
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    await expect(page.locator('.layer.shown video')).toBeVisible({ timeout: 20_000 });

    // Three swaps at least (2 s clips over 7 s).
    const samples = await page.evaluate(watch, 7_000);
    const colours = samples.map((s) => s.colour);
    expect(colours.filter((c) => c === 'black' || c === 'none')).toEqual([]);
    const swaps = samples.flatMap((s, i) => {
      const before = samples[i - 1];
      return before && before.colour !== s.colour ? [i] : [];
    });
    expect(swaps.length).toBeGreaterThanOrEqual(3);
    // The longest time the picture stood still: frames whose video time did not move (a frozen last frame
    // while the next clip loads). 25 fps clips: a frame lasts 40 ms; allow a few frames of a loaded machine.
    let still = 0;
    let longest = 0;
    for (let i = 1; i < samples.length; i++) {
      const [a, b] = [samples[i - 1] as Sample, samples[i] as Sample];
      still = a.time === b.time && a.colour === b.colour ? still + (b.t - a.t) : 0;
      longest = Math.max(longest, still);
    }
    console.info(
      `gapless: ${samples.length} frames, ${swaps.length} swaps, longest still picture ${longest.toFixed(0)} ms`,
    );
    expect(longest).toBeLessThan(250);
  } finally {
    await frit.dispose();
    await mk.dispose();
  }
});
