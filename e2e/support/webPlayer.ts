import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { registerSerial, scheduleFromToday } from './fleet';

/** A solid red 640x360 PNG, made with ffmpeg. */
export function redPng(): Buffer {
  const file = join(mkdtempSync(join(tmpdir(), 'signage-red-')), 'red.png');
  const made = spawnSync(
    'ffmpeg',
    ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:size=640x360', '-frames:v', '1', file],
    {
      encoding: 'utf8',
    },
  );
  if (made.status !== 0) throw new Error(made.stderr);
  return readFileSync(file);
}

/** A store code of this run's own (a selection by it names only this test's player). */
export const storeCodeOf = (stamp: number) => String(1000 + (stamp % 9000));

/**
 * A web player in `page`, paired to a JP store by DS_FRIT (`frit`), playing a red image DS_MK (`mk`) schedules
 * for it (Immediate: no download hour). Resolves once the image is on screen; answers the player's code.
 */
export async function playingWebPlayer(
  page: Page,
  staff: { frit: APIRequestContext; mk: APIRequestContext },
  store: { shop_no: string; shop_name: string },
): Promise<string> {
  const serial = `WEB-${store.shop_no}-${Date.now()}`;
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/player/?serial=${serial}&lang=en`);
  await expect(page.getByText(serial)).toBeVisible();
  const { device_code: code, pin } = await registerSerial(staff.frit, serial, {
    region: 'JP',
    ...store,
    display_pattern: 'Multi,CW',
  });
  await page.keyboard.type(pin);
  await expect(page.getByText(store.shop_name)).toBeVisible();
  const uploaded = await staff.mk.post('/api/contents', {
    multipart: {
      name: `Red ${serial}`,
      region: 'JP',
      display_pattern: 'Multi,CW',
      license_from: '',
      license_to: '',
      content: { name: 'red.png', mimeType: 'image/png', buffer: redPng() },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const image = ((await uploaded.json()).data as { content_id: string }).content_id;
  await scheduleFromToday(staff.mk, { name: `Red ${serial}`, contents: [image], dest: [code] });
  await expect(page.locator('.layer.shown img')).toBeVisible();
  return code;
}

/** The colour at the centre of an image element of the page, read from a canvas it is drawn on. */
export function centreColour(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return [];
    context.drawImage(img, 0, 0);
    return [...context.getImageData(Math.floor(img.naturalWidth / 2), Math.floor(img.naturalHeight / 2), 1, 1).data];
  });
}
