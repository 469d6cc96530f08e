import { describe, expect, it } from 'vitest';
import { mergeSorted, nextSize, PERIOD_MS, plan, quantile, sourceAddress, verdict } from '../../../bench/fleetPlan';

/** The fleet bench's arithmetic (bench/fleet.ts): what it plans, how it judges a run, how it searches. */
describe('the fleet bench', () => {
  it('plans one poll and one heartbeat a minute per player, spread over the minute, in time order', () => {
    const planned = plan(0, 600, 600, 1_000, 2 * PERIOD_MS);
    expect(planned).toHaveLength(600 * 2 * 2);
    expect(planned.filter((p) => p.player === 7).map((p) => [p.kind, p.at])).toEqual([
      ['poll', 1_000 + 700],
      ['beat', 1_000 + 700 + 30_000],
      ['poll', 1_000 + 700 + 60_000],
      ['beat', 1_000 + 700 + 90_000],
    ]);
    // 20 requests a second, every second: 600 players x 2 a minute.
    const perSecond = new Map<number, number>();
    for (const p of planned)
      perSecond.set(Math.floor((p.at - 1_000) / 1000), (perSecond.get(Math.floor((p.at - 1_000) / 1000)) ?? 0) + 1);
    expect(new Set(perSecond.values())).toEqual(new Set([20]));
    expect(planned.every((p, i) => i === 0 || (planned[i - 1]?.at ?? 0) <= p.at)).toBe(true);
    // A slice plans only its own players, at their place in the whole fleet.
    expect(plan(300, 301, 600, 0, PERIOD_MS)).toEqual(
      [
        { player: 300, kind: 'poll', at: 30_000 },
        { player: 300, kind: 'beat', at: 0 },
      ].sort((a, b) => a.at - b.at),
    );
  });

  it('holds a run only with p99 under 200 ms, 99% of the plan served and nothing failed', () => {
    const fast = Array.from({ length: 1000 }, (_, i) => i % 100).sort((a, b) => a - b);
    expect(verdict({ planned: 1000, served: 1000, failed: 0, latencies: fast })).toMatchObject({ p99: 98, held: true });
    expect(verdict({ planned: 1000, served: 989, failed: 0, latencies: fast.slice(0, 989) }).held).toBe(false);
    expect(verdict({ planned: 1000, served: 999, failed: 1, latencies: fast.slice(0, 999) }).held).toBe(false);
    const slowTail = [...fast.slice(0, 980), ...Array.from({ length: 20 }, () => 250)].sort((a, b) => a - b);
    expect(verdict({ planned: 1000, served: 1000, failed: 0, latencies: slowTail })).toMatchObject({
      p99: 250,
      held: false,
    });
    expect(quantile([], 0.99)).toBe(0);
    expect(quantile([5], 0.5)).toBe(5);
    expect(
      mergeSorted([
        [1, 4],
        [2, 3],
      ]),
    ).toEqual([1, 2, 3, 4]);
  });

  it('searches upward by doubling, then bisects to the resolution', () => {
    expect(nextSize([], 1000, 100_000, 1000)).toBe(1000);
    expect(nextSize([{ players: 1000, held: true }], 1000, 100_000, 1000)).toBe(2000);
    const tried = [1000, 2000, 4000, 8000].map((players) => ({ players, held: players < 8000 }));
    expect(nextSize(tried, 1000, 100_000, 1000)).toBe(6000);
    expect(nextSize([...tried, { players: 6000, held: true }], 1000, 100_000, 1000)).toBe(7000);
    expect(
      nextSize([...tried, { players: 6000, held: true }, { players: 7000, held: false }], 1000, 100_000, 1000),
    ).toBeNull();
    expect(nextSize([{ players: 100_000, held: true }], 1000, 100_000, 1000)).toBeNull();
    expect(nextSize([{ players: 64_000, held: true }], 1000, 100_000, 1000)).toBe(100_000);
  });

  it('gives each source address at most its share of connections', () => {
    expect([0, 19_999, 20_000, 99_999].map((c) => sourceAddress(c, 20_000))).toEqual([
      '127.0.0.2',
      '127.0.0.2',
      '127.0.0.3',
      '127.0.0.6',
    ]);
  });
});
