import type { AgentClient, TDeliveryReport } from '@signage/agent-client';
import type { TManifestMedia } from '@signage/domain';
import { MediaStore } from './mediaStore';

type Kept = { url: string; bytes: number };

/** What MediaFiles needs of the durable store (MediaStore; tests hand a map). */
export type MediaKeeper = Pick<MediaStore, 'get' | 'put' | 'retain'>;

/** A downloaded file whose bytes are not the manifest's: discarded, never stored nor played. */
export type RejectedFile = {
  content_id: string;
  name: string;
  expected: string;
  actual: string;
  /** When the file is downloaded again (epoch ms). */
  retryAt: number;
};

/** The wait before a file that failed its sha256 check is downloaded again: 1 minute, doubling to an hour. */
export const REJECTED_RETRY_MS = { first: 60_000, max: 3_600_000 } as const;

export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The verified files the page can show (images, videos, live images), each as one object URL for as long as a
 * schedule needs it: downloaded and checked by sha256, kept in IndexedDB for offline starts, revoked when no
 * schedule needs it any more, so the page's memory stays flat over days of manifest changes. A download whose
 * sha256 is not the manifest's (a corrupt copy in storage or a CDN, a truncated transfer) is discarded and
 * reported, and tried again after a backoff: a wrong file is never kept or played.
 */
export class MediaFiles {
  private readonly kept = new Map<string, Kept>();
  /** Content id -> how many downloads failed their check in a row, and when to try again. */
  private readonly rejected = new Map<string, { failures: number; retryAt: number }>();
  /** Progress of the download in progress, for the heartbeat; null when nothing downloads. */
  download: TDeliveryReport['download'] = null;

  constructor(
    private readonly store: MediaKeeper = new MediaStore(),
    private readonly onRejected: (file: RejectedFile) => void = () => {},
  ) {}

  has(contentId: string): boolean {
    return this.kept.has(contentId);
  }

  verified(): Set<string> {
    return new Set(this.kept.keys());
  }

  url(contentId: string): string {
    return this.kept.get(contentId)?.url ?? '';
  }

  bytes(): number {
    return [...this.kept.values()].reduce((sum, item) => sum + item.bytes, 0);
  }

  /**
   * Files of `items` not held yet: from IndexedDB when kept there (and verified then), else downloaded and
   * checked against the manifest's sha256. A file that fails the check waits out its backoff (`now`, epoch ms).
   */
  async fetch(items: TManifestMedia[], client: AgentClient, now: number = Date.now()): Promise<void> {
    const missing = items.filter(
      (item) => !this.kept.has(item.content_id) && (this.rejected.get(item.content_id)?.retryAt ?? 0) <= now,
    );
    this.download = missing.length
      ? {
          done_bytes: 0,
          total_bytes: missing.reduce((sum, m) => sum + (m.size ?? 0), 0),
          files_done: 0,
          files_total: missing.length,
        }
      : null;
    try {
      for (const item of missing) {
        let blob = await this.store.get(item.content_id, item.sha256);
        if (!blob) {
          const downloaded = await (await client.media(item.content_id)).blob();
          if (item.sha256 && !(await this.passes(item, downloaded, now))) continue;
          blob = downloaded;
          await this.store.put({ content_id: item.content_id, sha256: item.sha256, blob });
        }
        this.rejected.delete(item.content_id);
        this.hold(item.content_id, blob);
        if (this.download) {
          this.download.files_done += 1;
          this.download.done_bytes += blob.size;
        }
      }
    } finally {
      this.download = null;
    }
  }

  /** Whether a download is the manifest's file; when not, it is reported and its next try put off. */
  private async passes(item: TManifestMedia, blob: Blob, now: number): Promise<boolean> {
    const actual = await sha256Hex(blob);
    if (actual === item.sha256) return true;
    const failures = (this.rejected.get(item.content_id)?.failures ?? 0) + 1;
    const wait = Math.min(REJECTED_RETRY_MS.first * 2 ** (failures - 1), REJECTED_RETRY_MS.max);
    this.rejected.set(item.content_id, { failures, retryAt: now + wait });
    this.onRejected({
      content_id: item.content_id,
      name: item.name,
      expected: item.sha256 ?? '',
      actual,
      retryAt: now + wait,
    });
    return false;
  }

  /** After a reload: the files of `items` kept in IndexedDB, so the screen plays before (or without) the server. */
  async restore(items: TManifestMedia[]): Promise<void> {
    for (const item of items) {
      if (this.kept.has(item.content_id)) continue;
      const blob = await this.store.get(item.content_id, item.sha256);
      if (blob) this.hold(item.content_id, blob);
    }
  }

  /** Lets go of every file but those `needed` (and the one on screen), here and in IndexedDB. */
  async prune(needed: ReadonlySet<string>, onScreen: string | null): Promise<void> {
    for (const [id, item] of this.kept) {
      if (!needed.has(id) && id !== onScreen) {
        URL.revokeObjectURL(item.url);
        this.kept.delete(id);
      }
    }
    await this.store.retain(needed);
  }

  /** Forgets every file, here and in IndexedDB, so that the next fetch downloads them all again. */
  async forget(): Promise<void> {
    this.revokeAll();
    this.rejected.clear();
    await this.store.retain(new Set());
  }

  revokeAll(): void {
    for (const item of this.kept.values()) URL.revokeObjectURL(item.url);
    this.kept.clear();
  }

  private hold(contentId: string, blob: Blob): void {
    this.kept.set(contentId, { url: URL.createObjectURL(blob), bytes: blob.size });
  }
}
