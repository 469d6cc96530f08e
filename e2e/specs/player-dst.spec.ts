import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';
import { makeImage, registerSerial } from '../support/fleet';

/**
 * Schedule time decided once (issue 26), checked in a real browser across daylight-saving transitions. A
 * server whose clock reads Saturday 2027-03-27 23:00 UTC (support/storeClock.mjs) has players in New York,
 * London and Lord Howe Island, each with a schedule that starts and ends where its zone's clock is odd: in
 * London's spring-forward gap (01:00-02:00 does not exist on 2027-03-28), in Lord Howe's half-hour overlap
 * (01:30-02:00 happens twice on 2027-04-04) and, in New York (already on summer time), at the same wall-clock
 * hour. The DST policy (gap: forward, overlap: earlier) says when each plays. At moments before, inside and
 * after, three sides agree: the web player in Chromium (its clock moved with page.clock while it is offline,
 * as a store's screen lives through the night), the manifest it was sent (its windows) and the console's
 * "what plays when" on player detail. The plays it made land on the right store-local day, with the
 * store's offset of that moment, in the play history API.
 */
/** A moment on the server's clock; off the schedule, the idle screen's clock reads the store's time then (HH:mm). */
type Moment = { at: string; plays: false; clock: string } | { at: string; plays: true };
type Case = {
  name: string;
  store: { region: string; shop_no: string; time_zone: string };
  dates: { from: string; to: string };
  times: { from: string; to: string };
  /** The window on the day of the transition (end exclusive), as the policy puts it. */
  window: { start: string; end: string };
  moments: Moment[];
  /** The store-local day and offset (minutes) of a play inside the window. */
  local: { day: string; offset: number };
  /** What the console answers for a wall-clock moment typed at the store. */
  console: { date: string; time: string; plays: boolean }[];
};

const CASES: Case[] = [
  {
    // 01:00 and 01:55 do not exist: forward by the gap, to 02:00 and 02:55 BST (01:00-01:56 UTC).
    name: 'London, a schedule inside the spring-forward gap',
    store: { region: 'GB', shop_no: '0301', time_zone: 'Europe/London' },
    dates: { from: '2027-03-28', to: '2027-03-28' },
    times: { from: '01:00', to: '01:55' },
    window: { start: '2027-03-28T01:00:00Z', end: '2027-03-28T01:56:00Z' },
    moments: [
      { at: '2027-03-28T00:59:00Z', plays: false, clock: '00:59' }, // 00:59 GMT
      { at: '2027-03-28T01:30:00Z', plays: true }, // 02:30 BST
      { at: '2027-03-28T01:57:00Z', plays: false, clock: '02:57' }, // 02:57 BST
    ],
    local: { day: '2027-03-28', offset: 60 },
    console: [
      { date: '2027-03-28', time: '00:59', plays: false },
      { date: '2027-03-28', time: '01:30', plays: true }, // in the gap: read as 02:30 BST
      { date: '2027-03-28', time: '02:30', plays: true },
      { date: '2027-03-28', time: '02:57', plays: false },
    ],
  },
  {
    // Every night 01:30-01:55; on 2027-04-04 those times come twice: the earlier (+11:00) plays, the repeat not.
    name: 'Lord Howe Island, a schedule inside the half-hour overlap',
    store: { region: 'AU', shop_no: '0302', time_zone: 'Australia/Lord_Howe' },
    dates: { from: '2027-03-28', to: '2027-04-04' },
    times: { from: '01:30', to: '01:55' },
    window: { start: '2027-04-03T14:30:00Z', end: '2027-04-03T14:56:00Z' },
    moments: [
      { at: '2027-04-03T14:29:00Z', plays: false, clock: '01:29' }, // 01:29 +11:00
      { at: '2027-04-03T14:40:00Z', plays: true }, // 01:40 +11:00
      { at: '2027-04-03T15:10:00Z', plays: false, clock: '01:40' }, // 01:40 again, +10:30
      { at: '2027-04-03T15:27:00Z', plays: false, clock: '01:57' }, // 01:57 +10:30
    ],
    local: { day: '2027-04-04', offset: 660 },
    console: [
      { date: '2027-04-04', time: '01:29', plays: false },
      { date: '2027-04-04', time: '01:40', plays: true },
      { date: '2027-04-04', time: '02:00', plays: false },
    ],
  },
  {
    // The same wall-clock hour in New York, on summer time since 2027-03-14: 05:00-05:56 UTC.
    name: 'New York, the same wall-clock hour on summer time',
    store: { region: 'US', shop_no: '0303', time_zone: 'America/New_York' },
    dates: { from: '2027-03-28', to: '2027-03-28' },
    times: { from: '01:00', to: '01:55' },
    window: { start: '2027-03-28T05:00:00Z', end: '2027-03-28T05:56:00Z' },
    moments: [
      { at: '2027-03-28T04:59:00Z', plays: false, clock: '00:59' }, // 00:59 EDT
      { at: '2027-03-28T05:30:00Z', plays: true },
      { at: '2027-03-28T05:57:00Z', plays: false, clock: '01:57' }, // 01:57 EDT
    ],
    local: { day: '2027-03-28', offset: -240 },
    console: [
      { date: '2027-03-28', time: '00:59', plays: false },
      { date: '2027-03-28', time: '01:30', plays: true },
      { date: '2027-03-28', time: '01:56', plays: false },
    ],
  },
];

const ADMIN = { id: 'admin', password: E2E.adminPassword };
const stamp = Date.now();

async function admin(): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL: E2E.clockURL });
  const login = await context.post(`/api/users/${ADMIN.id}/auth`, { data: { password: ADMIN.password } });
  expect(login.status(), await login.text()).toBe(200);
  return context;
}

type Made = { code: string; scheduleId: string; image: string };
const made = new Map<string, Made>();

async function openPlayer(browser: Browser, serial: string) {
  // The browser in a zone of none of the stores (India), so that a time it wrote in its own zone would show.
  const context = await browser.newContext({
    baseURL: E2E.clockURL,
    viewport: { width: 320, height: 180 },
    timezoneId: 'Asia/Kolkata',
  });
  // The page's clock, controlled from here; it starts at this machine's time, months before the server's.
  await context.clock.install();
  const page = await context.newPage();
  await page.goto(`/player/?serial=${serial}&lang=en&debug_image_seconds=1`);
  await expect(page.getByText(serial)).toBeVisible();
  return { context, page };
}

const showing = (page: Page) => page.locator('.layer.shown img');

/** The page's clock, as the player reads it, the kept manifest's version and windows, and the screen's text. */
function playerState(page: Page, skew: number) {
  return page.evaluate((skewMs) => {
    const kept = JSON.parse(localStorage.getItem('signage.player.manifest') ?? 'null');
    return {
      playerClock: new Date(Date.now() - skewMs).toISOString(),
      version: kept?.version ?? null,
      schedules: (kept?.schedules ?? []).map((s: { schedule_id: string; windows: unknown; media: unknown[] }) => ({
        id: s.schedule_id,
        windows: s.windows,
        media: s.media.length,
      })),
      layers: Array.from(document.querySelectorAll('.layer'), (layer) => layer.outerHTML.slice(0, 300)),
      text: (document.body.textContent ?? '').slice(0, 500),
    };
  }, skew);
}

for (const c of CASES) {
  test.describe
    .serial(c.name, () => {
      test('the web player, its clock moved across the transition, plays when the manifest says', async ({
        browser,
      }) => {
        const api = await admin();
        const serial = `DST-${c.store.shop_no}-${stamp}`;
        const { context, page } = await openPlayer(browser, serial);
        try {
          const { device_code: code, pin } = await registerSerial(api, serial, {
            ...c.store,
            shop_name: `DST ${c.store.time_zone}`,
            display_pattern: 'Multi,CW',
          });
          await page.keyboard.type(pin);
          await expect(page.getByText('Nothing is scheduled')).toBeVisible();
          const name = `DST ${c.store.shop_no} ${stamp}`;
          const image = await makeImage(api, { name, display_pattern: 'Multi,CW' });
          const created = await api.post('/api/schedules', {
            data: {
              playlist_name: 'Default playlist',
              schedule_name: name,
              available_date_from: c.dates.from,
              available_date_to: c.dates.to,
              available_time_from: c.times.from,
              available_time_to: c.times.to,
              contents: [image],
              dest: [code],
              download_allow_hour: '',
              zone_code: c.store.time_zone,
            },
          });
          expect(created.status(), await created.text()).toBe(200);
          const scheduleId = (await created.json()).data.schedule_id as string;
          made.set(c.name, { code, scheduleId, image });

          // The manifest the player keeps: the schedule with its image, and the transition's window as the policy
          // puts it. The image must be in it: a content reaches manifests once processed (its thumbnail and sha256,
          // contents/processing.ts, after the upload's answer), and a schedule made before that is sent first with
          // no media, a manifest the player applies at once with nothing to download. Waiting for that one to be
          // applied and then going offline left the image to a download that failed offline: a dark screen.
          let keptVersion = '';
          await expect
            .poll(async () => {
              const kept = await page.evaluate(() => localStorage.getItem('signage.player.manifest'));
              const manifest = kept ? JSON.parse(kept) : null;
              keptVersion = manifest?.version ?? '';
              const schedule = manifest?.schedules?.find((s: { schedule_id: string }) => s.schedule_id === scheduleId);
              return {
                media: (schedule?.media ?? []).map((m: { content_id: string }) => m.content_id),
                windows: (schedule?.windows ?? []).map((w: { start: string; end: string }) => ({
                  start: Date.parse(w.start),
                  end: Date.parse(w.end),
                })),
              };
            })
            .toEqual({
              media: [image],
              windows: expect.arrayContaining([{ start: Date.parse(c.window.start), end: Date.parse(c.window.end) }]),
            });
          // Its media downloaded and verified (a schedule that is not ready does not start, plan.ts): the player
          // reports that very manifest applied (not only 'up to date' against whatever the server last served),
          // and how far its clock is from the server's (it plays on the server's).
          let skew = 0;
          await expect
            .poll(async () => {
              const detail = await api.get(`/api/devices/${code}`);
              const delivery = (await detail.json()).data?.devices?.[0]?.delivery;
              skew = delivery?.clock_skew_ms ?? 0;
              return {
                state: delivery?.state,
                applied: delivery?.applied_version,
                skewKnown: typeof delivery?.clock_skew_ms === 'number',
              };
            })
            .toEqual({ state: 'up_to_date', applied: keptVersion, skewKnown: true });

          // Night at the store: offline, the screen lives on its own clock and what it was sent.
          await context.setOffline(true);
          for (const moment of c.moments) {
            // The page's clock to the moment, as the player reads it (its own clock less the skew it measured).
            await page.clock.pauseAt(Date.parse(moment.at) + skew);
            await page.clock.resume();
            try {
              if (moment.plays) await expect(showing(page), moment.at).toHaveAttribute('alt', name);
              else {
                await expect(page.getByText('Nothing is scheduled'), moment.at).toBeVisible();
                // The idle clock: the store's time at that moment (SPEC.md section 9's HH:mm), on the server's
                // clock (not the page's own, months behind) and with the store's offset then (issue 31).
                await expect(page.locator('.clock'), moment.at).toHaveText(moment.clock);
              }
            } catch (error) {
              // What the player held when the screen disagreed: its clock, its kept manifest, what it shows.
              await test.info().attach('player state', {
                contentType: 'application/json',
                body: JSON.stringify(await playerState(page, skew), null, 2),
              });
              throw error;
            }
          }

          // Morning: online again, the plays go to the server; each on the store's day, with its offset then.
          await context.setOffline(false);
          await expect
            .poll(async () => {
              const answer = await api.get(
                `/api/playhistory?device_code=${code}&start_date=2027-03-27&end_date=2027-04-04&limit=500`,
              );
              return ((await answer.json()).data?.plays ?? []).length;
            })
            .toBeGreaterThan(0);
          const answer = await api.get(
            `/api/playhistory?device_code=${code}&start_date=2027-03-27&end_date=2027-04-04&limit=500`,
          );
          const records = (await answer.json()).data.plays as {
            schedule_id: string | null;
            started_at: string;
            utc_offset_minutes: number;
          }[];
          for (const play of records) {
            const at = Date.parse(play.started_at);
            expect(play.schedule_id).toBe(scheduleId);
            expect(at).toBeGreaterThanOrEqual(Date.parse(c.window.start));
            expect(at).toBeLessThan(Date.parse(c.window.end));
            expect(play.utc_offset_minutes).toBe(c.local.offset);
            const localDay = new Date(at + play.utc_offset_minutes * 60_000).toISOString().slice(0, 10);
            expect(localDay).toBe(c.local.day);
          }
        } finally {
          await context.close();
          await api.dispose();
        }
      });

      test("the console's 'what plays when' on player detail says the same", async ({ browser }) => {
        const player = made.get(c.name);
        expect(player, 'the player test made the schedule').toBeDefined();
        const context = await browser.newContext({ baseURL: E2E.clockURL, viewport: { width: 1440, height: 900 } });
        try {
          const page = await context.newPage();
          await signIn(page, ADMIN);
          await page.goto(`/device/detail?device_code=${player?.code}`);
          const answer = page.getByTestId('effective-answer');
          for (const moment of c.console) {
            await page.locator('#effective-date').fill(moment.date);
            await page.locator('#effective-time').fill(moment.time);
            const name = `DST ${c.store.shop_no} ${stamp}`;
            if (moment.plays) await expect(answer.getByRole('button', { name }), moment.time).toBeVisible();
            else await expect(answer.getByRole('button', { name }), moment.time).toHaveCount(0);
          }
        } finally {
          await context.close();
        }
      });
    });
}
