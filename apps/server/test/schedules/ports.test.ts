import { MESSAGES, parseLocalDate, parseLocalTime, type TimeZone, zonedNow } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSchedule } from '../../src/modules/schedules/repo';
import {
  call,
  createBody,
  dayFrom,
  expectOk,
  expectStatus,
  makeContent,
  makePlayer,
  message,
  schedulesWorld,
} from './fixtures';

let w: Awaited<ReturnType<typeof schedulesWorld>>;
beforeAll(async () => {
  w = await schedulesWorld();
});
afterAll(() => w.t.close());

let shopSequence = 900;
const nextShop = () => String(++shopSequence).padStart(4, '0');

/** A schedule written straight to the tables: dates in the past cannot be created through the API. */
async function storedSchedule(
  values: { dateFrom?: string | null; dateTo: string | null; timeFrom?: string | null; timeTo?: string | null },
  contentIds: string[],
  deviceCodes: string[],
  name = 'Stored',
) {
  return w.t.db.transaction((tx) =>
    insertSchedule(
      tx,
      {
        scheduleName: name,
        playlistName: 'Default playlist',
        dateFrom: values.dateFrom ? parseLocalDate(values.dateFrom) : null,
        dateTo: values.dateTo ? parseLocalDate(values.dateTo) : null,
        timeFrom: values.timeFrom ? parseLocalTime(values.timeFrom) : null,
        timeTo: values.timeTo ? parseLocalTime(values.timeTo) : null,
        downloadAllowHour: '23',
        live: false,
        createdBy: 'test',
      },
      contentIds,
      deviceCodes,
    ),
  );
}

async function players(query: Record<string, string>) {
  const frit = await w.as('DS_FRIT');
  const response = await call(w.t.app, frit, 'GET', `/api/devices?${new URLSearchParams(query)}`);
  expectOk(response);
  return response.json().data.devices as {
    device_code: string;
    has_schedule: boolean;
    current_schedule: { schedule_id: string } | null;
    next_schedule: { schedule_id: string } | null;
  }[];
}

const codes = (list: { device_code: string }[]) => list.map((d) => d.device_code).sort();

describe('has_schedule and Only unscheduled, true at the time of the query', () => {
  it('counts a player whose schedules all ended in its zone as unscheduled', async () => {
    const shop = nextShop();
    const content = await makeContent(w.t.db);
    const future = await makePlayer(w.t.db, { shopNo: shop });
    const ended = await makePlayer(w.t.db, { shopNo: shop });
    const none = await makePlayer(w.t.db, { shopNo: shop });
    const endsTonight = await makePlayer(w.t.db, { shopNo: shop });
    const open = await makePlayer(w.t.db, { shopNo: shop });
    const mk = await w.as('DS_MK');
    expectOk(await call(w.t.app, mk, 'POST', '/api/schedules', createBody([future], [content])));
    await storedSchedule({ dateFrom: dayFrom(-5), dateTo: dayFrom(-1) }, [content], [ended]);
    await storedSchedule({ dateFrom: dayFrom(-5), dateTo: dayFrom(0), timeTo: '23:59:59' }, [content], [endsTonight]);
    await storedSchedule({ dateFrom: dayFrom(-5), dateTo: null }, [content], [open]);
    expect(codes(await players({ shop_no: shop, has_schedule: 'false' }))).toEqual([ended, none].sort());
    expect(codes(await players({ shop_no: shop, has_schedule: 'true' }))).toEqual([future, endsTonight, open].sort());
    const shown = new Map((await players({ shop_no: shop })).map((d) => [d.device_code, d.has_schedule]));
    expect(Object.fromEntries(shown)).toEqual({
      [future]: true,
      [ended]: false,
      [none]: false,
      [endsTonight]: true,
      [open]: true,
    });
  });

  it.each([['America/New_York'], ['Australia/Sydney'], ['Pacific/Chatham']])(
    'reads the end in the player’s zone with its offset of the day (%s)',
    async (zone) => {
      const shop = nextShop();
      const content = await makeContent(w.t.db);
      // Ends 30 minutes from now, and ended 30 minutes ago, on the player's wall clock: a wrong offset
      // (standard time instead of summer time, or UTC) flips one of them.
      const soon = zonedNow(zone as TimeZone, new Date(Date.now() + 30 * 60_000));
      const past = zonedNow(zone as TimeZone, new Date(Date.now() - 30 * 60_000));
      const running = await makePlayer(w.t.db, { shopNo: shop, timeZone: zone });
      const over = await makePlayer(w.t.db, { shopNo: shop, timeZone: zone });
      await storedSchedule({ dateFrom: dayFrom(-3), dateTo: soon.date, timeTo: soon.time }, [content], [running]);
      await storedSchedule({ dateFrom: dayFrom(-3), dateTo: past.date, timeTo: past.time }, [content], [over]);
      expect(codes(await players({ shop_no: shop, has_schedule: 'true' }))).toEqual([running]);
      expect(codes(await players({ shop_no: shop, has_schedule: 'false' }))).toEqual([over]);
    },
  );
});

describe('current and next schedule on the player list and detail', () => {
  it('resolves them in the player’s zone: newest in range is current, soonest start is next', async () => {
    const mk = await w.as('DS_MK');
    const frit = await w.as('DS_FRIT');
    const shop = nextShop();
    const player = await makePlayer(w.t.db, { shopNo: shop, timeZone: 'Asia/Tokyo' });
    const other = await makePlayer(w.t.db, { shopNo: shop, timeZone: 'Asia/Tokyo' });
    const content = await makeContent(w.t.db);
    const post = async (extra: object) =>
      (await call(w.t.app, mk, 'POST', '/api/schedules', createBody([player], [content], extra))).json().data;
    const older = await post({ download_allow_hour: '', available_date_from: dayFrom(0), available_date_to: '' });
    const tomorrow = await post({ available_date_from: dayFrom(1), available_date_to: dayFrom(3) });
    const later = await post({ available_date_from: dayFrom(5), available_date_to: dayFrom(9) });
    let [row] = (await players({ shop_no: shop })).filter((d) => d.device_code === player);
    expect(row).toMatchObject({
      current_schedule: { schedule_id: older.schedule_id },
      next_schedule: { schedule_id: tomorrow.schedule_id },
    });
    const newer = await post({
      download_allow_hour: '',
      available_date_from: dayFrom(0),
      available_date_to: dayFrom(2),
    });
    [row] = (await players({ shop_no: shop })).filter((d) => d.device_code === player);
    expect(row?.current_schedule?.schedule_id).toBe(newer.schedule_id);
    expect(row?.next_schedule?.schedule_id).toBe(tomorrow.schedule_id);
    const unscheduled = (await players({ shop_no: shop })).find((d) => d.device_code === other);
    expect(unscheduled).toMatchObject({ has_schedule: false, current_schedule: null, next_schedule: null });

    const detail = (await call(w.t.app, frit, 'GET', `/api/devices/${player}`)).json().data.devices[0];
    expect(detail.current_schedule.schedule_id).toBe(newer.schedule_id);
    const list = (await call(w.t.app, frit, 'GET', `/api/schedules?device_code=${player}`)).json().data;
    expect(list.current_schedule.schedule_id).toBe(newer.schedule_id);
    expect(list.next_schedule.schedule_id).toBe(tomorrow.schedule_id);
    expect(list.schedules.map((s: { schedule_id: string }) => s.schedule_id)).toEqual([
      newer.schedule_id,
      later.schedule_id,
      tomorrow.schedule_id,
      older.schedule_id,
    ]);
  });

  it('lists ended schedules only when asked', async () => {
    const frit = await w.as('DS_FRIT');
    const player = await makePlayer(w.t.db);
    const content = await makeContent(w.t.db);
    const ended = await storedSchedule({ dateFrom: dayFrom(-9), dateTo: dayFrom(-2) }, [content], [player]);
    const url = `/api/schedules?device_code=${player}`;
    expect((await call(w.t.app, frit, 'GET', url)).json().data.schedules).toEqual([]);
    const all = (await call(w.t.app, frit, 'GET', `${url}&include_ended=true`)).json().data;
    expect(all.schedules.map((s: { schedule_id: string }) => s.schedule_id)).toEqual([ended.id]);
    expect(all.current_schedule).toBeNull();
  });
});

describe('contents in use and players deleted', () => {
  it('refuses to delete a content a current or future schedule plays, naming the schedules', async () => {
    const mk = await w.as('DS_MK');
    const player = await makePlayer(w.t.db);
    const content = await makeContent(w.t.db, { name: 'Banner' });
    expectOk(
      await call(w.t.app, mk, 'POST', '/api/schedules', createBody([player], [content], { schedule_name: 'Spring' })),
    );
    const response = await call(w.t.app, mk, 'DELETE', `/api/contents/${content}`);
    expectStatus(response, 409);
    expect(message(response)).toBe(`${MESSAGES.scheduleContentInUse}: Spring`);
  });

  it('deletes a content only ended schedules used; they keep its name, with no link to its media', async () => {
    const mk = await w.as('DS_MK');
    const player = await makePlayer(w.t.db, { timeZone: 'Pacific/Honolulu' });
    const content = await makeContent(w.t.db, { name: 'Winter sale', thumbnailKey: 'contents/winter/thumbnail.jpg' });
    const ended = await storedSchedule(
      { dateFrom: dayFrom(-9, 'Pacific/Honolulu'), dateTo: dayFrom(-1, 'Pacific/Honolulu') },
      [content],
      [player],
    );
    const before = (await call(w.t.app, mk, 'GET', `/api/schedules/${ended.id}`)).json().data;
    expect(before.contents).toEqual([
      expect.objectContaining({
        content_id: content,
        deleted: false,
        thumbnail_url: expect.stringMatching(/thumbnail$/),
      }),
    ]);
    expectOk(await call(w.t.app, mk, 'DELETE', `/api/contents/${content}`));
    const read = (await call(w.t.app, mk, 'GET', `/api/schedules/${ended.id}`)).json().data;
    // The media route serves no deleted content, so the answer links none (the same rule as the play history).
    expect(read.contents).toEqual([
      expect.objectContaining({ content_id: content, name: 'Winter sale', deleted: true, thumbnail_url: null }),
    ]);
  });

  it('takes a deleted player off its schedules and deletes those left with no player', async () => {
    const mk = await w.as('DS_MK');
    const frit = await w.as('DS_FRIT');
    const [gone, stays] = [await makePlayer(w.t.db), await makePlayer(w.t.db)];
    const content = await makeContent(w.t.db);
    const alone = (await call(w.t.app, mk, 'POST', '/api/schedules', createBody([gone], [content]))).json().data;
    const shared = (await call(w.t.app, mk, 'POST', '/api/schedules', createBody([gone, stays], [content]))).json()
      .data;
    expectOk(await call(w.t.app, frit, 'DELETE', `/api/devices/${gone}`));
    expectStatus(await call(w.t.app, mk, 'GET', `/api/schedules/${alone.schedule_id}`), 404);
    expect((await call(w.t.app, mk, 'GET', `/api/schedules/${shared.schedule_id}`)).json().data.dest).toEqual([stays]);
  });
});
