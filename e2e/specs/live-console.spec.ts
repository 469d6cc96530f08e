import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { text } from '../support/i18n';
import { exitWithin, makeLiveImage, type Publisher, publish } from '../support/publisher';
import { USERS } from '../support/users';

/**
 * Issue 14, the console side: a live content registered through the form, published with ffmpeg to the address
 * and key its success dialog shows, plays in content detail; a wrong key cannot publish; a new key cuts the
 * running broadcast and the old key no longer works; a stopped broadcast brings back the live image.
 */

let liveImage: ReturnType<typeof makeLiveImage>;
const publishers: Publisher[] = [];

test.beforeAll(() => {
  liveImage = makeLiveImage();
});
test.afterAll(async () => {
  await Promise.all(publishers.map((publisher) => publisher.stop()));
  liveImage.remove();
});

function startPublishing(rtmpUrl: string, key: string): Publisher {
  const publisher = publish(rtmpUrl, key);
  publishers.push(publisher);
  return publisher;
}

/** ffmpeg cannot publish (or publish on): it ends with an error within a bounded time. */
async function expectEndsWithError(publisher: Publisher) {
  const code = await exitWithin(publisher, 30_000);
  expect(code, 'ffmpeg still publishes after 30 s').not.toBe('running');
  expect(code, publisher.stderr()).not.toBe(0);
}

async function registerLive(page: Page, name: string): Promise<{ rtmpUrl: string; streamKey: string }> {
  await page.goto('/contents/register');
  await page.getByRole('radio', { name: 'Live' }).check();
  await page.getByLabel('Content name').fill(name);
  await page.getByLabel('Display').click();
  await page.getByTitle('Multi,CW', { exact: true }).click();
  await page.getByLabel('Platform').click();
  await page.getByTitle('Self-hosted RTMP').click();
  await page.getByRole('radio', { name: 'Fullscreen' }).check();
  await page.getByLabel('LiveStation URL').fill('https://station.example.com/live');
  await page.getByLabel('Output resolution').click();
  await page.getByTitle('W1280×H720 pixels').click();
  await page.getByLabel('Live prompt').fill('Back soon');
  await page.getByLabel('Logo position').click();
  await page.getByTitle('Upper right').click();
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Logo position' })).toContainText('Upper right');
  await page.getByRole('radio', { name: 'Show' }).check();
  await page.locator('input[type="file"]').setInputFiles(liveImage.path);
  await page.getByLabel('Content name').fill(name);
  await page.getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Live content registered successfully' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const rtmpUrl = await dialog.getByLabel('rtmp_url', { exact: true }).inputValue();
  const streamKey = await dialog.getByLabel('stream_key', { exact: true }).inputValue();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  return { rtmpUrl, streamKey };
}

async function openDetail(page: Page, name: string) {
  await page.goto('/contents/list');
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) });
  await row.getByRole('button', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/contents\/detail\?key=/);
}

/** The preview's video plays: its time moves on and its picture changes (testsrc2 draws a moving pattern). */
async function expectPlaying(video: Locator) {
  await expect(video).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(start + 1);
  const first = await video.screenshot();
  await expect.poll(async () => (await video.screenshot()).equals(first), { timeout: 20_000 }).toBe(false);
}

test('a live content published with ffmpeg plays in content detail; keys are checked and can be renewed', async ({
  page,
}) => {
  // Each step waits on its own condition (30 s at most); the whole took 1-5 min on the shared 2-core machine.
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1440, height: 1100 });
  await signIn(page, USERS.DS_MK);
  const name = 'Store live e2e';
  const { rtmpUrl, streamKey } = await registerLive(page, name);
  expect(rtmpUrl).toMatch(/^rtmp:\/\//);
  expect(streamKey).toMatch(/^[A-Za-z0-9_-]{16,}$/);

  await openDetail(page, name);
  const state = page.getByRole('status').filter({ hasText: /On air|Off air/ });
  const video = page.getByLabel(`Live stream of ${name}`);
  const image = page.getByRole('img', { name: `Live image of ${name}` });
  await expect(state).toContainText('Off air');
  await expect(state).toContainText('No broadcast yet');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The key is masked until Show.
  await expect(page.getByText(streamKey)).toHaveCount(0);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText(streamKey)).toBeVisible();
  await page.getByRole('button', { name: 'Hide' }).click();

  // Publishing with the key of the dialog: On air, and the preview plays.
  const encoder = startPublishing(rtmpUrl, streamKey);
  await expect(state).toContainText(/On air since \d{2}:\d{2} GMT/, { timeout: 30_000 });
  await expectPlaying(video);
  await page.screenshot({ path: test.info().outputPath('live-detail-on-air-en-1440.png'), fullPage: true });
  expect(encoder.running(), encoder.stderr()).toBe(true);

  // A wrong key is refused: ffmpeg gives up with an error, and the right one keeps playing.
  await expectEndsWithError(startPublishing(rtmpUrl, `${streamKey.slice(0, -4)}XXXX`));
  await expect(state).toContainText('On air');

  // The same screen in Japanese.
  await page.evaluate(() => localStorage.setItem('language', 'ja'));
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: text('ja', 'live.onAir') })).toBeVisible({ timeout: 30_000 });
  const videoJa = page.getByLabel(text('ja', 'live.playerLabel').replace('{{name}}', name));
  await expect
    .poll(() => videoJa.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('live-detail-on-air-ja-1440.png'), fullPage: true });
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(state).toContainText('On air', { timeout: 30_000 });

  // Issue new key: the running broadcast is cut, the old key is refused, the new one publishes.
  await page.getByRole('button', { name: 'Issue new key' }).click();
  const confirm = page.getByRole('dialog', { name: 'Issue a new stream key?' });
  await expect(confirm).toContainText('the encoder must be given the new key');
  await page.screenshot({ path: test.info().outputPath('live-issue-key-confirm-en-1440.png') });
  await confirm.getByRole('button', { name: 'Issue new key' }).click();
  const issued = page.getByRole('dialog', { name: 'New stream key issued' });
  await expect(issued).toBeVisible();
  const newKey = await issued.getByLabel('stream_key', { exact: true }).inputValue();
  expect(newKey).not.toBe(streamKey);
  await page.screenshot({ path: test.info().outputPath('live-issue-key-done-en-1440.png') });
  await issued.getByRole('button', { name: 'OK' }).click();
  await expectEndsWithError(encoder);
  await expect(state).toContainText('Off air', { timeout: 30_000 });
  await expect(image).toBeVisible();

  await expectEndsWithError(startPublishing(rtmpUrl, streamKey));

  const renewed = startPublishing(rtmpUrl, newKey);
  await expect(state).toContainText('On air', { timeout: 30_000 });
  await expectPlaying(video);

  // The play modal of the content list plays it the same way.
  await page.goto('/contents/list');
  await page.getByRole('button', { name, exact: true }).click();
  const modal = page.getByRole('dialog', { name });
  await expect(modal.getByRole('status')).toContainText('On air');
  await expectPlaying(modal.getByLabel(`Live stream of ${name}`));
  await page.screenshot({ path: test.info().outputPath('live-play-modal-en-1440.png') });
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await openDetail(page, name);
  await expect(state).toContainText('On air', { timeout: 30_000 });

  // Stopped: Off air, the live image, and when the broadcast ended.
  await renewed.stop();
  await expect(state).toContainText('Off air', { timeout: 30_000 });
  await expect(state).toContainText(/Last broadcast ended \d{2}:\d{2} GMT/);
  await expect(video).toHaveCount(0);
  await expect(image).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('live-detail-off-air-en-1440.png'), fullPage: true });
});
