import { type AgentEvent, createAgentClient } from '@signage/agent-client';
import { addDays, instantOf, type LocalDate, type LocalTime, MESSAGES, type TimeZone } from '@signage/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveManifestUntil } from '../../src/agent/manifest';
import { auditLog, devices, playDaily } from '../../src/db/schema';
import { pairedPlayer, storedImage, testMedia } from '../agent/fixtures';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { makeContent } from '../schedules/fixtures';

/**
 * Emergency messages (issue 29 item 6): DS_FRIT and DS_LHQIT (its region) post a text or an image over the
 * schedules of a selection of players until an end; the players get it by push and in their manifest; a
 * cancel takes it off at once; both are audited; proof of play records it.
 */
let t: TestApp;
let base: string;
let frit: { cookie: string; userId: string };
let itJp: { cookie: string; userId: string };
let itUs: string;
let mk: string;
const media = testMedia();
let shop = 7000;
/** A store code no other test of this file uses: a selection by it names only that test's players. */
const nextShop = () => String(++shop);
const LOS_ANGELES = 'America/Los_Angeles' as TimeZone;

beforeAll(async () => {
  t = await createTestApp({ media });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const fritUser = await createUser(t.db, { role: 'DS_FRIT' });
  frit = { cookie: await loginAs(t.app, fritUser), userId: fritUser.userId };
  const itUser = await createUser(t.db, { role: 'DS_LHQIT', region: 'JP' });
  itJp = { cookie: await loginAs(t.app, itUser), userId: itUser.userId };
  itUs = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQIT', region: 'US' }));
  mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const post = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/emergencies', headers: { cookie }, payload });
const cancel = (cookie: string, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/emergencies/${id}/cancel`, headers: { cookie } });
const list = async (cookie: string) => {
  const response = await t.app.inject({ url: '/api/emergencies', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.emergencies as { emergency_id: string; state: string; players_shown: number }[];
};
const manifestOf = async (token: string) => {
  const response = await t.app.inject({ url: '/agent/v1/manifest', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

async function channel(token: string) {
  const abort = new AbortController();
  const stream = createAgentClient({ baseUrl: base, token }).events(abort.signal);
  const next = async () => (await stream.next()).value as AgentEvent;
  expect((await next()).event).toBe('hello');
  return { next, stop: () => abort.abort() };
}

describe('emergency messages', () => {
  it('pushes a text to the selected players over their schedule, and a cancel takes it off at once; both audited', async () => {
    const shopNo = nextShop();
    const player = await pairedPlayer(t.db, { region: 'JP', shopNo });
    const other = await pairedPlayer(t.db, { region: 'JP', shopNo: nextShop() });
    const events = await channel(player.token);
    const posted = await post(itJp.cookie, {
      target: { by: 'stores', shop_nos: [shopNo] },
      kind: 'text',
      text: 'Evacuate the store now',
      ends_at: inAnHour(),
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const message = posted.json().data;
    expect(message).toMatchObject({ kind: 'text', state: 'active', players: 1, region: 'JP', created_by: itJp.userId });

    const pushed = await events.next();
    expect(pushed.event).toBe('manifest');
    const carried = (pushed.data as { manifest?: { emergency?: unknown } }).manifest?.emergency;
    expect(carried).toMatchObject({ emergency_id: message.emergency_id, kind: 'text', text: 'Evacuate the store now' });
    expect((await manifestOf(player.token)).emergency).toMatchObject({ emergency_id: message.emergency_id });
    expect((await manifestOf(other.token)).emergency).toBeUndefined();

    // Another region's IT neither lists nor cancels it; DS_MK may not post at all.
    expect((await list(itUs)).some((m) => m.emergency_id === message.emergency_id)).toBe(false);
    expect((await cancel(itUs, message.emergency_id)).statusCode).toBe(404);
    expect((await post(mk, { target: { by: 'all' }, kind: 'text', text: 'x', ends_at: inAnHour() })).statusCode).toBe(
      403,
    );

    const cancelled = await cancel(itJp.cookie, message.emergency_id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled', cancelled_by: itJp.userId });
    const after = await events.next();
    expect(after.event).toBe('manifest');
    expect((after.data as { manifest?: { emergency?: unknown } }).manifest).toBeDefined();
    expect((after.data as { manifest: { emergency?: unknown } }).manifest.emergency).toBeUndefined();
    expect((await manifestOf(player.token)).emergency).toBeUndefined();
    events.stop();
    const again = await cancel(itJp.cookie, message.emergency_id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.emergencyNotActive);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.target, message.emergency_id));
    expect(audit.map((row) => [row.action, row.actor]).sort()).toEqual([
      ['emergency.cancel', itJp.userId],
      ['emergency.post', itJp.userId],
    ]);
    expect((await list(frit.cookie)).find((m) => m.emergency_id === message.emergency_id)?.state).toBe('cancelled');
  });

  it('is in the manifest of a player that was offline when it was posted, until it ends', async () => {
    const shopNo = nextShop();
    const player = await pairedPlayer(t.db, { region: 'GB', shopNo, timeZone: 'Europe/London' });
    const before = await manifestOf(player.token);
    const endsAt = new Date(Date.now() + 2 * 3600_000);
    const posted = await post(frit.cookie, {
      target: { by: 'countries', countries: ['GB'] },
      kind: 'text',
      text: 'Closed today',
      ends_at: endsAt.toISOString(),
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const id = posted.json().data.emergency_id;
    // Coming back, its poll with the version it held gets the new manifest with the message.
    const polled = await t.app.inject({
      url: '/agent/v1/manifest',
      headers: { authorization: `Bearer ${player.token}`, 'if-none-match': `"${before.version}"` },
    });
    expect(polled.statusCode).toBe(200);
    expect(polled.json().data.emergency).toMatchObject({ emergency_id: id, ends_at: endsAt.toISOString() });

    // The manifest holds no longer than the message, and after its end it no longer carries it.
    const [row] = await t.db.select().from(devices).where(eq(devices.deviceCode, player.deviceCode));
    const now = new Date();
    const during = await resolveManifestUntil(t.db, row!, now);
    expect(during.validUntil.getTime()).toBeLessThanOrEqual(endsAt.getTime());
    const later = await resolveManifestUntil(t.db, row!, new Date(endsAt.getTime() + 1000));
    expect(later.manifest.emergency).toBeUndefined();
  });

  it('refuses what cannot be posted with the message of its field', async () => {
    const shopNo = nextShop();
    await pairedPlayer(t.db, { region: 'JP', shopNo });
    const target = { by: 'stores', shop_nos: [shopNo] };
    const cases: [object, string][] = [
      [{ target, kind: 'text', ends_at: inAnHour() }, MESSAGES.emergencyEnterText],
      [{ target, kind: 'image', ends_at: inAnHour() }, MESSAGES.emergencySelectImage],
      [
        { target, kind: 'text', text: 'x', ends_at: new Date(Date.now() - 1000).toISOString() },
        MESSAGES.emergencyEndPast,
      ],
      [
        { target, kind: 'text', text: 'x', ends_at: new Date(Date.now() + 8 * 24 * 3600_000).toISOString() },
        MESSAGES.emergencyEndTooFar,
      ],
      [
        { target: { by: 'stores', shop_nos: ['9999'] }, kind: 'text', text: 'x', ends_at: inAnHour() },
        MESSAGES.emergencyNoPlayers,
      ],
      [
        { target: { by: 'countries', countries: [] }, kind: 'text', text: 'x', ends_at: inAnHour() },
        MESSAGES.emergencySelectCountry,
      ],
      [{ target, kind: 'text', text: 'x'.repeat(501), ends_at: inAnHour() }, MESSAGES.emergencyTextTooLong],
      // A region-bound IT reaches no player of another region.
      [
        { target: { by: 'countries', countries: ['US'] }, kind: 'text', text: 'x', ends_at: inAnHour() },
        MESSAGES.emergencyNoPlayers,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await post(itJp.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const movie = await makeContent(t.db, { type: 'movie', region: 'JP' });
    const refused = await post(itJp.cookie, { target, kind: 'image', content_id: movie, ends_at: inAnHour() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.emergencyImageUnusable);
  });

  it('delivers an image message like a file of the manifest, and proof of play records what showed it', async () => {
    const shopNo = nextShop();
    const player = await pairedPlayer(t.db, { region: 'JP', shopNo });
    const image = await storedImage(t.db, media.blobs!);
    const posted = await post(frit.cookie, {
      target: { by: 'stores', shop_nos: [shopNo] },
      kind: 'image',
      content_id: image.id,
      ends_at: inAnHour(),
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const id = posted.json().data.emergency_id;
    const manifest = await manifestOf(player.token);
    expect(manifest.emergency).toMatchObject({ emergency_id: id, kind: 'image', media: { content_id: image.id } });
    const file = await t.app.inject({
      url: manifest.emergency.media.url,
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(image.bytes)).toBe(true);

    const text = await post(frit.cookie, {
      target: { by: 'stores', shop_nos: [shopNo] },
      kind: 'text',
      text: 'Now',
      ends_at: inAnHour(),
    });
    const textId = text.json().data.emergency_id;
    const plays = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/plays',
      headers: { authorization: `Bearer ${player.token}` },
      payload: {
        plays: [
          {
            sequence: 1,
            content_id: image.id,
            schedule_id: null,
            emergency_id: id,
            started_at: new Date().toISOString(),
            utc_offset_minutes: 540,
            duration_ms: 4000,
          },
          {
            sequence: 2,
            content_id: textId,
            schedule_id: null,
            emergency_id: textId,
            started_at: new Date().toISOString(),
            utc_offset_minutes: 540,
            duration_ms: 3000,
          },
        ],
      },
    });
    expect(plays.statusCode, plays.body).toBe(200);
    expect(plays.json().data).toEqual({ acked: 2, stored: 2 });
    const shown = await list(frit.cookie);
    expect(shown.find((m) => m.emergency_id === id)?.players_shown).toBe(1);
    expect(shown.find((m) => m.emergency_id === textId)?.players_shown).toBe(1);
    // The image is a content: its play counts in its history; a text is none.
    const daily = (contentId: string) =>
      t.db
        .select()
        .from(playDaily)
        .where(and(eq(playDaily.contentId, contentId), eq(playDaily.deviceCode, player.deviceCode)));
    expect((await daily(image.id)).map((row) => row.plays)).toEqual([1]);
    expect(await daily(textId)).toEqual([]);
  });

  it("judges an image's licence in each selected player's own zone: refused only when it ended at every one", async () => {
    const auckland = nextShop();
    const aucklandPlayer = await pairedPlayer(t.db, { region: 'NZ', shopNo: auckland, timeZone: 'Pacific/Auckland' });
    const la = nextShop();
    const laPlayer = await pairedPlayer(t.db, { region: 'US', shopNo: la, timeZone: LOS_ANGELES });
    /** The latest moment at `time` UTC not after now: a fixed clock that the sessions of this file outlive. */
    const latest = (time: string) => {
      const at = new Date(`${new Date().toISOString().slice(0, 10)}T${time}Z`);
      return at.getTime() <= Date.now() ? at : new Date(at.getTime() - 24 * 3600_000);
    };
    const postImage = async (licenseTo: string, shopNos: string[], hours = 1) => {
      const image = await storedImage(t.db, media.blobs!, { licenseTo });
      return post(frit.cookie, {
        target: { by: 'stores', shop_nos: shopNos },
        kind: 'image',
        content_id: image.id,
        ends_at: new Date(Date.now() + hours * 3600_000).toISOString(),
      });
    };
    const expectRefused = (response: Awaited<ReturnType<typeof post>>) => {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(MESSAGES.emergencyImageUnusable);
    };
    const noon = latest('12:30:00');
    const early = latest('03:30:00');
    vi.useFakeTimers({ toFake: ['Date'] });

    // 12:30 UTC on day D: 04:30 or 05:30 on D in Los Angeles, 00:30 or 01:30 on D+1 in Auckland. A licence ending
    // on D is on its last day in Los Angeles and ended yesterday in Auckland (UTC's day, D, would call it current).
    vi.setSystemTime(noon);
    const d = noon.toISOString().slice(0, 10);
    expectRefused(await postImage(d, [auckland]));
    const both = await postImage(d, [auckland, la], 24);
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data.players).toBe(2);
    // Each player shows it by its own day: Los Angeles the image, Auckland nothing over its schedule.
    const id = both.json().data.emergency_id;
    expect((await manifestOf(laPlayer.token)).emergency).toMatchObject({ emergency_id: id, kind: 'image' });
    expect((await manifestOf(aucklandPlayer.token)).emergency).toBeUndefined();
    // Los Angeles' midnight ends the licence there too, the message still running: from then on it shows nothing.
    vi.setSystemTime(new Date(instantOf(addDays(d as LocalDate, 1), '00:01:00' as LocalTime, LOS_ANGELES)));
    expect((await manifestOf(laPlayer.token)).emergency).toBeUndefined();

    // 03:30 UTC on D: 19:30 or 20:30 on D-1 in Los Angeles, 15:30 or 16:30 on D in Auckland. A licence ending on
    // D-1 is on its last day in Los Angeles and ended yesterday in Auckland (UTC's day, D, would call it ended).
    vi.setSystemTime(early);
    const dayBefore = addDays(early.toISOString().slice(0, 10) as LocalDate, -1);
    expectRefused(await postImage(dayBefore, [auckland]));
    const inLa = await postImage(dayBefore, [la]);
    expect(inLa.statusCode, inLa.body).toBe(200);
    expect((await manifestOf(laPlayer.token)).emergency).toMatchObject({
      emergency_id: inLa.json().data.emergency_id,
      media: { license_to: dayBefore },
    });
  });
});
