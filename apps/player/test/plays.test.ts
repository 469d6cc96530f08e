import type { AgentClient, TPlay } from '@signage/agent-client';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEGACY_KEYS, PlayQueue, UNRECORDED_KEY } from '../src/plays';

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

/** A server that holds plays by sequence and answers the highest contiguous one, losing `lose` answers. */
function server(lose = 0) {
  const held = new Map<number, TPlay>();
  const batches: number[] = [];
  let received = 0;
  let lost = lose;
  const client = {
    plays: async (plays: TPlay[]) => {
      batches.push(plays.length);
      received += plays.length;
      for (const play of plays) held.set(play.sequence, play);
      let acked = 0;
      while (held.has(acked + 1)) acked += 1;
      if (lost-- > 0) throw new Error('answer lost');
      return { acked, stored: plays.length };
    },
  } as unknown as AgentClient;
  return { held, client, batches, received: () => received };
}

const base = {
  content_id: '11111111-1111-4111-8111-111111111111',
  schedule_id: null,
  started_at: '2026-01-01T00:00:00.000Z',
  utc_offset_minutes: 540,
};

/** A player storage of its own: localStorage and IndexedDB, kept across "reloads" (new queues). */
function device() {
  return { local: memory(), idb: new IDBFactory() };
}

function play(queue: PlayQueue, ms: number) {
  queue.start(base);
  queue.progress(ms);
  queue.close();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('proof of play on the player', () => {
  it('numbers plays, keeps them until acknowledged, and a resend after a lost answer counts once', async () => {
    const { local, idb } = device();
    const queue = new PlayQueue(local, idb);
    for (let i = 0; i < 3; i++) play(queue, 1000 * (i + 1));
    expect((await queue.pending()).map((p) => [p.sequence, p.duration_ms])).toEqual([
      [1, 1000],
      [2, 2000],
      [3, 3000],
    ]);
    const { held, client } = server(1);
    await expect(queue.flush(client)).rejects.toThrow('answer lost');
    expect(await queue.pending()).toHaveLength(3); // nothing dropped without an answer
    expect(await queue.flush(client)).toBe(3);
    expect(await queue.pending()).toEqual([]);
    expect([...held.keys()]).toEqual([1, 2, 3]);
  });

  it('leaves a play open at a reload with what was recorded, so no sequence is lost, and numbers on', async () => {
    const { local, idb } = device();
    const first = new PlayQueue(local, idb);
    first.start(base);
    first.progress(4200);
    await first.settled();
    const reloaded = new PlayQueue(local, idb);
    reloaded.start(base);
    const { held, client } = server();
    // The play on screen is not sent (its duration is not final); the one the reload cut short is.
    expect(await reloaded.flush(client)).toBe(1);
    expect([...held.values()]).toEqual([{ ...base, sequence: 1, duration_ms: 4200 }]);
    reloaded.close(1500);
    expect(await reloaded.flush(client)).toBe(2);
    expect(held.get(2)?.duration_ms).toBe(1500);
  });

  it('sends a backlog in batches of 500, each play once, and keeps the play on screen until it ends', async () => {
    const { local, idb } = device();
    const queue = new PlayQueue(local, idb);
    for (let i = 0; i < 1234; i++) play(queue, 5000);
    queue.start(base);
    const { held, client, batches, received } = server();
    expect(await queue.flush(client)).toBe(1234);
    expect(batches).toEqual([500, 500, 234]);
    expect(received()).toBe(1234);
    expect(held.size).toBe(1234);
    expect((await queue.pending()).map((p) => p.sequence)).toEqual([1235]);
  });

  it('writes a play without reading the backlog: start, progress and close touch only its own record', async () => {
    const { local, idb } = device();
    const queue = new PlayQueue(local, idb);
    for (let i = 0; i < 2000; i++) play(queue, 5000);
    await queue.settled();
    const reads = [
      vi.spyOn(IDBObjectStore.prototype, 'getAll'),
      vi.spyOn(IDBObjectStore.prototype, 'openCursor'),
      vi.spyOn(IDBObjectStore.prototype, 'count'),
      vi.spyOn(IDBObjectStore.prototype, 'getAllKeys'),
    ];
    const puts = vi.spyOn(IDBObjectStore.prototype, 'put');
    const adds = vi.spyOn(IDBObjectStore.prototype, 'add');
    queue.start(base);
    for (let s = 1; s <= 5; s++) queue.progress(s * 1000);
    queue.close(5000);
    await queue.settled();
    for (const read of reads) expect(read).not.toHaveBeenCalled();
    expect(adds).toHaveBeenCalledTimes(1); // the record
    expect(puts).toHaveBeenCalledTimes(3); // the sequence, one progress (the calls in a row fold), the close
  });

  it('keeps playing when storage refuses a play: it is counted, takes no sequence, and the count persists', async () => {
    const { local, idb } = device();
    const queue = new PlayQueue(local, idb);
    play(queue, 1000);
    await queue.settled();
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    for (let i = 0; i < 3; i++) play(queue, 1000);
    await queue.settled();
    expect(queue.unrecorded).toBe(3);
    add.mockRestore();
    play(queue, 2000);
    const { held, client } = server();
    // No gap: the plays after the refused ones follow on, so the server acknowledges them all.
    expect(await queue.flush(client)).toBe(2);
    expect([...held.keys()]).toEqual([1, 2]);
    expect(local.getItem(UNRECORDED_KEY)).toBe('3');
    expect(new PlayQueue(local, idb).unrecorded).toBe(3);
  });

  it('frees room at the quota: what the server acknowledged is deleted even when no write is taken', async () => {
    const { local, idb } = device();
    const queue = new PlayQueue(local, idb);
    for (let i = 0; i < 3; i++) play(queue, 1000);
    await queue.settled();
    const full = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(full);
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(full);
    const { client } = server();
    expect(await queue.flush(client)).toBe(3);
    expect(await queue.pending()).toEqual([]);
  });

  it('opens its database again when it was closed under it (a newer player upgraded it)', async () => {
    const { local, idb } = device();
    const queue = new PlayQueue(local, idb);
    play(queue, 1000);
    await queue.settled();
    await new Promise<void>((resolve, reject) => {
      const upgrade = idb.open('signage-player-plays', 2);
      upgrade.onsuccess = () => {
        upgrade.result.close();
        resolve();
      };
      upgrade.onerror = () => reject(upgrade.error);
    });
    play(queue, 2000);
    const { held, client } = server();
    expect(await queue.flush(client)).toBe(2);
    expect([...held.values()].map((p) => p.duration_ms)).toEqual([1000, 2000]);
    expect(queue.unrecorded).toBe(0);
  });

  it('counts every play when IndexedDB cannot be opened at all (a private mode)', async () => {
    const { local } = device();
    const broken = {
      open: () => {
        throw new DOMException('IndexedDB is not available', 'InvalidStateError');
      },
    } as unknown as IDBFactory;
    const queue = new PlayQueue(local, broken);
    for (let i = 0; i < 4; i++) play(queue, 1000);
    await queue.settled();
    expect(queue.unrecorded).toBe(4);
  });
});

describe('a player upgraded from the localStorage queue', () => {
  const legacy = (local: ReturnType<typeof memory>) => {
    local.setItem(LEGACY_KEYS.sequence, '4');
    local.setItem(
      LEGACY_KEYS.pending,
      JSON.stringify([1, 2, 3].map((sequence) => ({ ...base, sequence, duration_ms: sequence * 1000 }))),
    );
    local.setItem(LEGACY_KEYS.open, JSON.stringify({ ...base, sequence: 4, duration_ms: 2500 }));
  };

  it('moves its pending plays and the one left open into IndexedDB once, and numbers on after them', async () => {
    const { local, idb } = device();
    legacy(local);
    const queue = new PlayQueue(local, idb);
    play(queue, 700);
    const { held, client } = server();
    expect(await queue.flush(client)).toBe(5);
    expect([...held.values()].map((p) => [p.sequence, p.duration_ms])).toEqual([
      [1, 1000],
      [2, 2000],
      [3, 3000],
      [4, 2500],
      [5, 700],
    ]);
    for (const key of Object.values(LEGACY_KEYS)) expect(local.getItem(key)).toBeNull();
  });

  it('moves idempotently by sequence: a reload before the old keys went loses none and doubles none', async () => {
    const { local, idb } = device();
    legacy(local);
    await new PlayQueue(local, idb).settled();
    // The page died after the move committed but before the keys were removed: they are all still there.
    legacy(local);
    const again = new PlayQueue(local, idb);
    expect((await again.pending()).map((p) => p.sequence)).toEqual([1, 2, 3, 4]);
    const { held, client, received } = server();
    expect(await again.flush(client)).toBe(4);
    // And once more after the server acknowledged them: nothing is put back to be sent again.
    legacy(local);
    const third = new PlayQueue(local, idb);
    expect(await third.pending()).toEqual([]);
    play(third, 900);
    expect(await third.flush(client)).toBe(5);
    expect(received()).toBe(5);
    expect([...held.keys()]).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the old queue where it is when storage refuses the move, and takes no sequence of it', async () => {
    const { local, idb } = device();
    legacy(local);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const queue = new PlayQueue(local, idb);
    await queue.settled();
    put.mockRestore();
    expect(local.getItem(LEGACY_KEYS.pending)).not.toBeNull();
    play(queue, 800);
    expect((await queue.pending()).map((p) => p.sequence)).toEqual([5]);
    // At the next start the move succeeds: everything arrives.
    const { held, client } = server();
    expect(await new PlayQueue(local, idb).flush(client)).toBe(5);
    expect(held.size).toBe(5);
  });
});
