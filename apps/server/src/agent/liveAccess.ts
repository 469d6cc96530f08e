/**
 * Whether a player may fetch a live content's HLS, remembered for a few seconds per (player, content): a
 * player asks for a segment every second, and resolving its manifest each time would cost three queries
 * per segment. Bounded: past `max` entries the oldest go first (a Map iterates in insertion order).
 */
export class LiveAccessCache {
  private readonly entries = new Map<string, { allowed: boolean; until: number }>();

  constructor(
    private readonly ttlMs = 5000,
    private readonly max = 10_000,
  ) {}

  get(deviceCode: string, contentId: string, now = Date.now()): boolean | undefined {
    const key = `${deviceCode} ${contentId}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.allowed;
  }

  set(deviceCode: string, contentId: string, allowed: boolean, now = Date.now()): void {
    const key = `${deviceCode} ${contentId}`;
    this.entries.delete(key);
    this.entries.set(key, { allowed, until: now + this.ttlMs });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
