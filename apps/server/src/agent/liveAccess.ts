import { ExpiringCache } from '../auth/cache';

/**
 * Whether a player may fetch a live content's HLS, remembered for a few seconds per (player, content): a
 * player asks for a segment every second, and resolving its manifest each time would cost three queries
 * per segment. Bounded: past `max` entries the least recently used go first.
 */
export class LiveAccessCache {
  private readonly entries: ExpiringCache<boolean>;

  constructor(
    private readonly ttlMs = 5000,
    max = 10_000,
  ) {
    this.entries = new ExpiringCache(max);
  }

  get(deviceCode: string, contentId: string, now = Date.now()): boolean | undefined {
    return this.entries.get(`${deviceCode} ${contentId}`, now);
  }

  set(deviceCode: string, contentId: string, allowed: boolean, now = Date.now()): void {
    this.entries.set(`${deviceCode} ${contentId}`, allowed, now + this.ttlMs);
  }

  get size(): number {
    return this.entries.size;
  }
}
