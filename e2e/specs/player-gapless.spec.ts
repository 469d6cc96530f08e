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

type Sample = {
  colour: 'red' | 'blue' | 'black' | 'other' | 'none';
  /** The shown video's element (its object URL), its time and duration, whether it ended, its readyState. */
  src: string;
  time: number;
  duration: number;
  ended: boolean;
  readyState: number;
};

/**
 * What a viewer sees at every animation frame until `swaps` swaps were seen: the colour of the frame the visible
 * layer's video shows (drawn into a canvas, as the compositor would show it) and what that video reports.
 */
function watch(swaps: number): Promise<Sample[]> {
  return new Promise((resolve) => {
    const canvas = document.createElement('canvas');
    canvas.width = 4;
    canvas.height = 4;
    const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
    const samples: Sample[] = [];
    let seen = 0;
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
      const before = samples.at(-1);
      if (before && before.src !== (video?.currentSrc ?? '')) seen += 1;
      samples.push({
        colour,
        src: video?.currentSrc ?? '',
        time: video?.currentTime ?? -1,
        duration: video?.duration ?? -1,
        ended: video?.ended ?? false,
        readyState: video?.readyState ?? -1,
      });
      // One frame more after the last swap, to see the new clip play on.
      if (seen < swaps || samples.at(-2)?.src !== samples.at(-1)?.src) requestAnimationFrame(frame);
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

    // Three swaps (2 s clips), read frame by frame; the test's own timeout bounds the wait.
    const samples = await page.evaluate(watch, 3);
    // Never a blank frame: the shown layer always holds a video with a decoded picture, of one of the two clips.
    expect(samples.filter((s) => s.colour !== 'red' && s.colour !== 'blue')).toEqual([]);
    const swaps = samples.flatMap((s, i) => {
      const before = samples[i - 1];
      return before && before.src !== s.src ? [i] : [];
    });
    expect(swaps).toHaveLength(3);
    for (const i of swaps) {
      const [out, next] = [samples[i - 1] as Sample, samples[i] as Sample];
      // The clips alternate, and the swap is the picture's only change of colour.
      expect(next.colour).not.toBe(out.colour);
      // The order of events at a swap: the outgoing clip played to its end (what stood still, if anything,
      // was its last frame), and the incoming one was revealed only once it could play (HAVE_FUTURE_DATA),
      // from its start.
      expect(out.ended || out.time >= out.duration - 0.1, JSON.stringify(out)).toBe(true);
      expect(next.readyState, JSON.stringify(next)).toBeGreaterThanOrEqual(3);
      expect(next.time, JSON.stringify(next)).toBeLessThan(next.duration / 2);
    }
    // Between swaps each clip plays on: its time never goes back and it reaches its end.
    for (let i = 1; i < samples.length; i++) {
      const [a, b] = [samples[i - 1] as Sample, samples[i] as Sample];
      if (a.src === b.src) expect(b.time, `frame ${i}`).toBeGreaterThanOrEqual(a.time);
    }
    const byClip = swaps.slice(0, -1).map((start, k) => samples.slice(start, swaps[k + 1]));
    for (const clip of byClip) {
      const last = clip.at(-1) as Sample;
      expect(last.ended || last.time >= last.duration - 0.1, JSON.stringify(last)).toBe(true);
      expect(new Set(clip.map((s) => s.colour)).size).toBe(1);
    }
    console.info(`gapless: ${samples.length} frames, ${swaps.length} swaps`);
  } finally {
    await frit.dispose();
    await mk.dispose();
  }
});
