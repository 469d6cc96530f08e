import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Cadence, HEARTBEAT_MS, POLL_MS } from '../src/cadence';

/** A player's requests counted over simulated minutes: the collects it answers and the heartbeats. */
function player(changes: (n: number) => boolean = () => false) {
  const sent = { polls: 0, beats: 0 };
  const cadence = new Cadence(
    {
      collect: async () => changes(++sent.polls),
      heartbeat: async () => {
        sent.beats += 1;
      },
    },
    undefined,
    7_000,
  );
  return { sent, cadence };
}

describe("the web player's requests", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends one poll and one heartbeat a minute when nothing changes (2 a minute, not 2.8)', async () => {
    const { sent, cadence } = player();
    // An hour from the first poll, which comes a minute and its phase (7 s) after the start's collect.
    await vi.advanceTimersByTimeAsync(60 * 60_000 + 7_000);
    cadence.stop();
    expect(sent.polls).toBe(60);
    expect(sent.beats).toBe(60);
    expect((sent.polls + sent.beats) / 60).toBe(2);
  });

  it('reports a changed collect at once, and the next beat a full interval later, not in addition', async () => {
    // Every fifth poll brings a new version.
    const { sent, cadence } = player((n) => n % 5 === 0);
    // Polls at 67 s, 127 s ... the fifth (307 s) brings a change: beats at 60, 120, 180, 240, 300 and 307 s.
    await vi.advanceTimersByTimeAsync(7_000 + 5 * POLL_MS);
    expect(sent.polls).toBe(5);
    expect(sent.beats).toBe(6);
    // No beat at 360 s: the next is a full interval after the one at 307 s.
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1);
    expect(sent.beats).toBe(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.beats).toBe(7);
    await vi.advanceTimersByTimeAsync(67 * 60_000 - (7_000 + 6 * POLL_MS));
    cadence.stop();
    // At most one beat in any interval of HEARTBEAT_MS: over 66 minutes never more than 67.
    expect(sent.beats).toBeLessThanOrEqual(Math.ceil((67 * 60_000) / HEARTBEAT_MS));
    expect(sent.polls).toBe(66);
  });

  it('beats after a push collect that changed the report, and not after one that did not', async () => {
    const { sent, cadence } = player();
    await cadence.collected(Promise.resolve(false));
    expect(sent.beats).toBe(0);
    await cadence.collected(Promise.resolve(true));
    expect(sent.beats).toBe(1);
    // The regular beat moved: none at 60 s from the start, one at 60 s after the push.
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1);
    expect(sent.beats).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.beats).toBe(2);
    cadence.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sent.beats).toBe(2);
  });
});
