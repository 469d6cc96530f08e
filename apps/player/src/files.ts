import type { AgentClient, TDeliveryReport } from '@signage/agent-client';
import type { TManifestMedia } from '@signage/domain';
import { MediaStore } from './mediaStore';

type Kept = { url: string; bytes: number };

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The verified files the page can show (images, videos, live images), each as one object URL for as long as a
 * schedule needs it: downloaded and checked by sha256, kept in IndexedDB for offline starts, revoked when no
 * schedule needs it any more, so the page's memory stays flat over days of manifest changes.
 */
export class MediaFiles {
  private readonly kept = new Map<string, Kept>();
  private readonly store = new MediaStore();
  /** Progress of the download in progress, for the heartbeat; null when nothing downloads. */
  download: TDeliveryReport['download'] = null;

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

  /** Files of `items` not held yet: from IndexedDB when kept there (and verified then), else downloaded. */
  async fetch(items: TManifestMedia[], client: AgentClient): Promise<void> {
    const missing = items.filter((item) => !this.kept.has(item.content_id));
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
          blob = await (await client.media(item.content_id)).blob();
          if (item.sha256 && (await sha256Hex(blob)) !== item.sha256)
            throw new Error(`media ${item.content_id}: sha256 differs`);
          await this.store.put({ content_id: item.content_id, sha256: item.sha256, blob });
        }
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

  revokeAll(): void {
    for (const item of this.kept.values()) URL.revokeObjectURL(item.url);
    this.kept.clear();
  }

  private hold(contentId: string, blob: Blob): void {
    this.kept.set(contentId, { url: URL.createObjectURL(blob), bytes: blob.size });
  }
}
