import { type APIRequestContext, expect, request } from '@playwright/test';
import { E2E } from './env';
import { registerSerial } from './fleet';

/** The alerts server's players and opening hours, through its API as staff and players use it. */

type Range = { open: string; close: string };
export type Hours = { week: { day: number; ranges: Range[] }[]; exceptions: [] };

const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const everyDay = (ranges: Range[]): Hours => ({
  week: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges })),
  exceptions: [],
});

/** The hour of the day (0-23) in `zone` now. */
export function hourIn(zone: string, at = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(at));
}

/**
 * Hours open now in `zone`, whatever the hour: every day from an hour before this hour to two after (the part
 * past midnight, or before it, as a second range), so the store is open all through the spec and was a little
 * before.
 */
export function openNowIn(zone: string): Hours {
  const hour = hourIn(zone);
  const from = hour - 1;
  const to = hour + 2;
  const ranges: Range[] = [{ open: clock(Math.max(from, 0)), close: clock(Math.min(to, 24)) }];
  if (from < 0) ranges.push({ open: clock(24 + from), close: '24:00' });
  if (to > 24) ranges.unshift({ open: '00:00', close: clock(to - 24) });
  return everyDay(ranges);
}

/** Hours closed now in `zone`, whatever the hour: every day one hour, starting two hours from this one. */
export function closedNowIn(zone: string): Hours {
  const open = (hourIn(zone) + 2) % 24;
  return everyDay([{ open: clock(open), close: clock(open + 1) }]);
}

export type Store = { region: string; shop_no: string; shop_name: string };
export type Paired = { code: string; serial: string };

let sequence = 0;

/**
 * A player paired the way a real one gets there, on the alerts server: it announces itself (agent protocol),
 * staff register it to `store` in the country's zone, and it pairs with the PIN; then `hours`, if given, are set
 * at once (as staff do on its detail). It sends no heartbeat: it is offline from its pairing on.
 */
export async function pairedPlayer(staff: APIRequestContext, store: Store, hours?: Hours): Promise<Paired> {
  const serial = `AL-${Date.now()}-${++sequence}`;
  const agent = await request.newContext({ baseURL: E2E.alertsURL });
  try {
    const announce = await agent.post('/agent/v1/announce', { data: { serial } });
    expect(announce.status(), await announce.text()).toBe(200);
    const { pin, device_code: code } = await registerSerial(staff, serial, { ...store, display_pattern: 'Multi,CW' });
    const pair = await agent.post('/agent/v1/pair', { data: { serial, pin } });
    expect(pair.status(), await pair.text()).toBe(200);
    if (hours) await setHours(staff, code, hours);
    return { code, serial };
  } finally {
    await agent.dispose();
  }
}

/** A player's opening hours (PUT /api/devices/:device_code/hours). */
export async function setHours(staff: APIRequestContext, code: string, hours: Hours): Promise<void> {
  const set = await staff.put(`/api/devices/${code}/hours`, { data: { hours } });
  expect(set.status(), await set.text()).toBe(200);
}

/** A subscription of the signed-in user through the API; answers its id. */
export async function subscribe(staff: APIRequestContext, payload: object): Promise<string> {
  const made = await staff.post('/api/alerts/subscriptions', { data: payload });
  expect(made.status(), await made.text()).toBe(200);
  return ((await made.json()).data as { subscription_id: string }).subscription_id;
}

/** Ends the signed-in user's subscriptions (each test's own, so the user stays under its 20). */
export async function unsubscribeAll(staff: APIRequestContext, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const ended = await staff.delete(`/api/alerts/subscriptions/${id}`);
    expect(ended.status(), await ended.text()).toBe(200);
  }
}
