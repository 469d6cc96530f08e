import type { AgentClient, TPlay } from '@signage/agent-client';
import { describe, expect, it } from 'vitest';
import { PlayQueue } from '../src/plays';

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

/** A server that holds plays by sequence and answers the highest contiguous one, losing `lose` answers. */
function server(lose = 0) {
  const held = new Map<number, TPlay>();
  let lost = lose;
  const client = {
    plays: async (plays: TPlay[]) => {
      for (const play of plays) held.set(play.sequence, play);
      let acked = 0;
      while (held.has(acked + 1)) acked += 1;
      if (lost-- > 0) throw new Error('answer lost');
      return { acked, stored: plays.length };
    },
  } as unknown as AgentClient;
  return { held, client };
}

const base = {
  content_id: '11111111-1111-4111-8111-111111111111',
  schedule_id: null,
  started_at: '2026-01-01T00:00:00.000Z',
  utc_offset_minutes: 540,
};

describe('proof of play on the player', () => {
  it('numbers plays, keeps them until acknowledged, and a resend after a lost answer counts once', async () => {
    const store = memory();
    const queue = new PlayQueue(store);
    for (let i = 0; i < 3; i++) {
      queue.start(base);
      queue.progress(1000 * (i + 1));
      queue.close();
    }
    expect(queue.pending().map((play) => [play.sequence, play.duration_ms])).toEqual([
      [1, 1000],
      [2, 2000],
      [3, 3000],
    ]);
    const { held, client } = server(1);
    await expect(queue.flush(client)).rejects.toThrow('answer lost');
    expect(queue.pending()).toHaveLength(3); // nothing dropped without an answer
    expect(await queue.flush(client)).toBe(3);
    expect(queue.pending()).toEqual([]);
    expect([...held.keys()]).toEqual([1, 2, 3]);
  });

  it('closes a play left open by a reload with what was recorded, so no sequence is lost', () => {
    const store = memory();
    new PlayQueue(store).start(base);
    new PlayQueue(store).progress(4200);
    const reloaded = new PlayQueue(store);
    reloaded.close();
    expect(reloaded.pending()).toEqual([{ ...base, sequence: 1, duration_ms: 4200 }]);
    expect(reloaded.nextSequence()).toBe(2);
  });
});
