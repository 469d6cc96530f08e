import { MESSAGES, type TDeliveryReport } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceToken } from '../../src/agent';
import { type Arrival, nextArrival } from '../../src/http/arrival';
import { HttpError } from '../../src/http/envelope';
import { heartbeatsSettled, recordHeartbeat } from '../../src/modules/players';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from '../helpers';
import { deviceRow } from '../players/fixtures';
import { bearer, pairedPlayer } from './fixtures';

// Issue 30: one player's heartbeat with text no statement can carry (a lone surrogate in its delivery report)
// failed the batch statement, and every player beside it was answered 200 with nothing written. Now it is
// refused at the edge (400) and before any batch, and a batch that fails anyway is written again without it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const report = (version: string): TDeliveryReport => ({
  applied_version: version,
  pending_version: null,
  on_screen: null,
  download: null,
  cache_bytes: null,
  quota_bytes: null,
  clock_skew_ms: null,
  player_version: '1.0.0',
});

const players = (count: number) => Promise.all(Array.from({ length: count }, () => pairedPlayer(t.db)));

/** How a write ended: its answer (`sent`) and its outcome (`written`). */
async function outcome(write: { sent: Promise<void>; written: Promise<boolean> }) {
  const settle = <T>(promise: Promise<T>) =>
    promise.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  const [sent, written] = await Promise.all([settle(write.sent), settle(write.written)]);
  return { sent, written };
}

/** Beats written straight to the writer (no schema) in one batch: the first write runs alone, the rest queue. */
async function writeBatch(
  beats: { deviceCode: string; token: string; delivery: TDeliveryReport; arrival?: Arrival }[],
  blocker: { deviceCode: string; token: string },
) {
  const first = recordHeartbeat(
    t.db,
    blocker.deviceCode,
    hashDeviceToken(blocker.token),
    { alive: true, reportedTimeZone: undefined },
    nextArrival(),
  );
  const writes = beats.map((beat) =>
    recordHeartbeat(
      t.db,
      beat.deviceCode,
      hashDeviceToken(beat.token),
      { alive: true, reportedTimeZone: 'Asia/Tokyo', delivery: beat.delivery },
      beat.arrival ?? nextArrival(),
    ),
  );
  expect(await first.written).toBe(true);
  const outcomes = await Promise.all(writes.map(outcome));
  await heartbeatsSettled(t.db);
  return outcomes;
}

describe('the heartbeat writer beside a bad beat', () => {
  it('refuses a lone surrogate before any batch (400) and writes every clean beat queued with it', async () => {
    const [blocker, ...fleet] = await players(7);
    const poisoned = new Set([1, 4]);
    const beats = fleet.map((player, i) => ({
      ...player,
      delivery: report(poisoned.has(i) ? `v-\ud800-${i}` : `clean-${i}`),
    }));
    const outcomes = await writeBatch(beats, blocker!);
    for (const [i, result] of outcomes.entries()) {
      const row = await deviceRow(t.db, fleet[i]!.deviceCode);
      if (poisoned.has(i)) {
        expect(result.sent.ok).toBe(false);
        expect(result.written.ok).toBe(false);
        const error = result.written.ok ? undefined : result.written.error;
        expect(error).toBeInstanceOf(HttpError);
        expect(error).toMatchObject({ status: 400, message: MESSAGES.illFormedText });
        expect(row?.delivery).toBeNull();
      } else {
        expect(result).toEqual({ sent: { ok: true, value: undefined }, written: { ok: true, value: true } });
        expect(row?.delivery?.applied_version).toBe(`clean-${i}`);
        expect(row?.reportedTimeZone).toBe('Asia/Tokyo');
      }
    }
  });

  it('writes again in halves a batch whose statement fails, so only the beat that fails alone is lost', async () => {
    const [blocker, ...fleet] = await players(9);
    // No text check can see this one: a time before 4713 BC, which PostgreSQL's timestamptz cannot hold.
    const bad = 5;
    const beats = fleet.map((player, i) => ({
      ...player,
      delivery: report(`batch-${i}`),
      ...(i === bad ? { arrival: { ...nextArrival(), wallMs: -8.64e15 } } : {}),
    }));
    const outcomes = await writeBatch(beats, blocker!);
    for (const [i, result] of outcomes.entries()) {
      const row = await deviceRow(t.db, fleet[i]!.deviceCode);
      if (i === bad) {
        expect(result.written.ok).toBe(false);
        // PostgreSQL answers a beat once its statement is sent (the batch's was); PGlite once written, so
        // there its answer is the error.
        expect(result.sent.ok).toBe(Boolean(TEST_DATABASE_URL));
        expect(row?.delivery).toBeNull();
      } else {
        expect(result.written).toEqual({ ok: true, value: true });
        expect(result.sent.ok).toBe(true);
        expect(row?.delivery?.applied_version).toBe(`batch-${i}`);
      }
    }
  });
});

describe('poisoned heartbeats over HTTP among clean ones from other players', () => {
  it('answers the poisoned ones 400 and stores every clean beat', async () => {
    // The fresh install: 45 clean beats (9 players, 5 rounds) beside 5 poisoned ones, all at once.
    const clean = await players(9);
    const poisoners = await players(5);
    const send = (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/agent/v1/heartbeat', headers: bearer(token), payload });
    const requests: Promise<{ kind: 'clean' | 'poisoned'; statusCode: number; body: string }>[] = [];
    for (let round = 0; round < 5; round++) {
      for (const [i, player] of clean.entries()) {
        const payload = { status: 'ok', delivery: report(`r${round}-p${i}`) };
        requests.push(send(player.token, payload).then((r) => ({ kind: 'clean', ...r })));
        if (i % 2 === 0) {
          const poisoner = poisoners[round]!;
          const delivery = { ...report('x'), applied_version: i === 0 ? '\ud800' : `v\udc00${i}` };
          requests.push(send(poisoner.token, { status: 'ok', delivery }).then((r) => ({ kind: 'poisoned', ...r })));
        }
      }
    }
    const answers = await Promise.all(requests);
    await t.app.heartbeatsSettled();
    for (const answer of answers) {
      if (answer.kind === 'clean') expect(answer.statusCode, answer.body).toBe(200);
      else {
        expect(answer.statusCode, answer.body).toBe(400);
        expect(JSON.parse(answer.body)).toEqual({ result: 'Failure', message: MESSAGES.illFormedText, data: null });
      }
    }
    for (const [i, player] of clean.entries()) {
      const row = await deviceRow(t.db, player.deviceCode);
      expect(row?.delivery?.applied_version).toBe(`r4-p${i}`);
    }
    for (const poisoner of poisoners) expect((await deviceRow(t.db, poisoner.deviceCode))?.delivery).toBeNull();
  });
});
