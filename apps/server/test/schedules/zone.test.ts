import { addDays, instantOf, type LocalDate, parseLocalTime, parseZone, todayIn } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestSchedulesOf } from '../../src/modules/schedules';
import { insertSchedule } from '../../src/modules/schedules/repo';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { activePlayer, announce, issuePin, nextSerial } from '../players/fixtures';
import { call, createBody, expectOk, makeContent, makePlayer } from './fixtures';

/**
 * A schedule's instants follow its player's zone (issue 26): every place a zone changes (player edit, a new
 * PIN with another zone) writes them again, so what SQL keeps as un-ended is read in the new zone. The
 * schedule plays 10:00-10:55 on a day ahead; at 10:30 in Los Angeles it has ended in New York (three hours
 * earlier), so only instants written in the new zone keep it in the manifest.
 */
let t: TestApp;
let frit: string;
let mk: string;
beforeAll(async () => {
  t = await createTestApp();
  frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
  mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
});
afterAll(async () => {
  await t?.close();
});

const NEW_YORK = parseZone('America/New_York')!;
const LOS_ANGELES = parseZone('America/Los_Angeles')!;
const STORE = { region: 'US', shop_no: '0210', shop_name: 'Fifth Avenue', time_zone: NEW_YORK };
const day = addDays(todayIn(NEW_YORK), 3) as LocalDate;

async function scheduleOn(deviceCode: string): Promise<string> {
  const content = await makeContent(t.db, { region: 'US' });
  const created = await call(
    t.app,
    mk,
    'POST',
    '/api/schedules',
    createBody([deviceCode], [content], {
      available_date_from: day,
      available_date_to: day,
      available_time_from: '10:00',
      available_time_to: '10:55',
      zone_code: NEW_YORK,
    }),
  );
  expectOk(created);
  return created.json().data.schedule_id as string;
}

/** The ids of the schedules the player's manifest carries at 10:30 in Los Angeles, read in its zone. */
async function manifestAtHalfPastTenInLosAngeles(deviceCode: string): Promise<string[]> {
  const at = new Date(instantOf(day, parseLocalTime('10:30')!, LOS_ANGELES));
  const { schedules } = await manifestSchedulesOf(t.db, { deviceCode, timeZone: LOS_ANGELES }, at);
  return schedules.map((s) => s.schedule_id);
}

describe("a schedule's instants follow its player's zone", () => {
  it('after a player edit moves the player to another zone', async () => {
    const player = await activePlayer(t.app, frit, STORE);
    const id = await scheduleOn(player.device_code);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${player.device_code}`,
      headers: { cookie: frit },
      payload: { time_zone: LOS_ANGELES },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await manifestAtHalfPastTenInLosAngeles(player.device_code)).toEqual([id]);
  });

  it('after a new PIN is issued with another zone', async () => {
    const serial = nextSerial('ZONE');
    expect((await announce(t.app, serial)).statusCode).toBe(200);
    const { device_code } = await issuePin(t.app, frit, serial, STORE);
    // No route schedules a player before it pairs (and a paired one gets no new PIN); the rows are written
    // straight, so that a registration that changes the zone is seen to move whatever schedules it has.
    const content = await makeContent(t.db, { region: 'US' });
    const { id } = await t.db.transaction((tx) =>
      insertSchedule(
        tx,
        {
          scheduleName: 'Before pairing',
          playlistName: 'Default playlist',
          dateFrom: day,
          dateTo: day,
          timeFrom: parseLocalTime('10:00:00'),
          timeTo: parseLocalTime('10:55:59'),
          downloadAllowHour: '',
          live: false,
          createdBy: 'test',
        },
        [content],
        [device_code],
      ),
    );
    const reissued = await t.app.inject({
      method: 'POST',
      url: '/api/players',
      headers: { cookie: frit },
      payload: { ...STORE, display_pattern: 'Multi,CW', memo: '', device_code, time_zone: LOS_ANGELES },
    });
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect(await manifestAtHalfPastTenInLosAngeles(device_code)).toEqual([id]);
  });
});

describe("a schedule's zone_code (SPEC.md section 3), derived", () => {
  it("is its players' zone when they share one, null when they are in several", async () => {
    const [tokyo, osaka] = [await makePlayer(t.db), await makePlayer(t.db)];
    const york = await makePlayer(t.db, { region: 'US', timeZone: NEW_YORK });
    const content = await makeContent(t.db, { region: '' });
    const shared = await call(t.app, mk, 'POST', '/api/schedules', createBody([tokyo, osaka], [content]));
    expectOk(shared);
    expect(shared.json().data.zone_code).toBe('Asia/Tokyo');
    const mixed = await call(t.app, mk, 'POST', '/api/schedules', createBody([tokyo, york], [content]));
    expectOk(mixed);
    expect(mixed.json().data.zone_code).toBeNull();
  });
});
