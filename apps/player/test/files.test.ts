import { createHash } from 'node:crypto';
import type { AgentClient } from '@signage/agent-client';
import type { TManifestMedia } from '@signage/domain';
import { describe, expect, it } from 'vitest';
import { MediaFiles, type MediaKeeper, REJECTED_RETRY_MS, type RejectedFile } from '../src/files';
import type { StoredMedia } from '../src/mediaStore';
import { isReady } from '../src/plan';
import { manifestMedia, manifestSchedule } from './fixtures';

const hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const GOOD = new TextEncoder().encode('the spring sale video, as uploaded');
const BAD = new TextEncoder().encode('the spring sale video, as a broken CDN copy');

const item = (sha256: string | null = hex(GOOD)): TManifestMedia => ({
  ...manifestMedia('c1', 'movie'),
  name: 'Spring sale',
  size: GOOD.length,
  sha256,
});

const scheduleOf = (media: TManifestMedia) => manifestSchedule('s1', { media: [media] });

/** IndexedDB stand-in: what was put, by content id. */
function keeper(): MediaKeeper & { kept: Map<string, StoredMedia> } {
  const kept = new Map<string, StoredMedia>();
  return {
    kept,
    get: async (id, sha256) => (kept.get(id)?.sha256 === sha256 ? (kept.get(id)?.blob ?? null) : null),
    put: async (media) => void kept.set(media.content_id, media),
    retain: async (keep) => {
      for (const id of kept.keys()) if (!keep.has(id)) kept.delete(id);
    },
  };
}

/** A client whose media answers are the given bodies in turn (what storage sent), counting the calls. */
function serving(...bodies: Uint8Array<ArrayBuffer>[]) {
  const calls: string[] = [];
  const client = {
    media: async (id: string) => {
      calls.push(id);
      return new Response(bodies[Math.min(calls.length - 1, bodies.length - 1)]);
    },
  } as unknown as AgentClient;
  return { client, calls };
}

describe("the player's downloads are checked against the manifest's sha256", () => {
  it("keeps and shows a file whose sha256 is the manifest's", async () => {
    const store = keeper();
    const files = new MediaFiles(store);
    await files.fetch([item()], serving(GOOD).client, 0);
    expect(files.has('c1')).toBe(true);
    expect(files.url('c1')).toMatch(/^blob:/);
    expect(store.kept.get('c1')?.sha256).toBe(hex(GOOD));
    files.revokeAll();
  });

  it('discards a file whose sha256 differs, reports it, and downloads it again only after the backoff', async () => {
    const store = keeper();
    const rejected: RejectedFile[] = [];
    const files = new MediaFiles(store, (file) => rejected.push(file));
    const { client, calls } = serving(BAD, BAD, GOOD);
    const t0 = 1_000_000;

    await files.fetch([item()], client, t0);
    // Never held (so no schedule counts it ready and nothing plays it), never kept for offline starts.
    expect(files.has('c1')).toBe(false);
    expect(files.verified().has('c1')).toBe(false);
    expect(files.url('c1')).toBe('');
    expect(isReady(scheduleOf(item()), files.verified())).toBe(false);
    expect(store.kept.size).toBe(0);
    expect(rejected).toEqual([
      {
        content_id: 'c1',
        name: 'Spring sale',
        expected: hex(GOOD),
        actual: hex(BAD),
        retryAt: t0 + REJECTED_RETRY_MS.first,
      },
    ]);

    // Before its retry moment: not downloaded again.
    await files.fetch([item()], client, t0 + REJECTED_RETRY_MS.first - 1);
    expect(calls).toHaveLength(1);
    // At it: downloaded again, wrong again, and the wait doubles.
    await files.fetch([item()], client, t0 + REJECTED_RETRY_MS.first);
    expect(calls).toHaveLength(2);
    expect(rejected[1]?.retryAt).toBe(t0 + 3 * REJECTED_RETRY_MS.first);
    // The storage is repaired: the next try keeps the right file.
    await files.fetch([item()], client, t0 + 3 * REJECTED_RETRY_MS.first);
    expect(calls).toHaveLength(3);
    expect(files.has('c1')).toBe(true);
    expect(store.kept.get('c1')?.sha256).toBe(hex(GOOD));
    files.revokeAll();
  });

  it('does not let one wrong file hold back the others of the manifest', async () => {
    const files = new MediaFiles(keeper());
    const other = { ...item(hex(GOOD)), content_id: 'c2', url: '/agent/v1/media/c2' };
    const client = {
      media: async (id: string) => new Response(id === 'c1' ? BAD : GOOD),
    } as unknown as AgentClient;
    await files.fetch([item(), other], client, 0);
    expect([...files.verified()]).toEqual(['c2']);
    expect(files.download).toBeNull();
    files.revokeAll();
  });

  it('caps the wait between tries at an hour', async () => {
    const rejected: RejectedFile[] = [];
    const files = new MediaFiles(keeper(), (file) => rejected.push(file));
    const { client } = serving(BAD);
    let now = 0;
    for (let i = 0; i < 10; i += 1) {
      await files.fetch([item()], client, now);
      now = rejected.at(-1)?.retryAt ?? now;
    }
    expect(rejected).toHaveLength(10);
    const waits = rejected.map((r, i) => r.retryAt - (i === 0 ? 0 : (rejected[i - 1]?.retryAt ?? 0)));
    expect(waits.slice(0, 3)).toEqual([60_000, 120_000, 240_000]);
    expect(Math.max(...waits)).toBe(REJECTED_RETRY_MS.max);
  });
});
