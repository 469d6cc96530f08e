import { EventEmitter } from 'node:events';
import { HEARTBEAT_INTERVAL_SECONDS } from '@signage/domain';
import { LRUCache } from 'lru-cache';

/** The PostgreSQL channel the database's own triggers (migration 0018) tell of writes that end cached entries. */
export const AUTH_CACHE_CHANNEL = 'auth_cache';
/**
 * How long a session may serve without the database: the bound on staleness should a notification never
 * arrive while the listener still looks connected (a network path that died silently). Writes that end a
 * session end its entries at once, through the notification.
 */
export const AUTH_CACHE_TTL_MS = 10_000;
/**
 * A player's token is needed once a heartbeat interval, so its entry outlives three of them. Staleness
 * costs nothing there: the only call that reads it (the heartbeat) checks the token again in its write.
 */
export const DEVICE_CACHE_TTL_MS = 3 * HEARTBEAT_INTERVAL_SECONDS * 1000;
/** Sessions kept (about 1-2 KB each): staff sign-ins, far fewer than players. */
export const AUTH_CACHE_MAX_ENTRIES = 20_000;
/**
 * Device tokens kept by default (DEVICE_CACHE_ENTRIES). An entry is a token hash and its player's code, about
 * 250 bytes, so the default's full cache is about 60 MB. It must hold the whole fleet: players beat in turn,
 * so a cache smaller than the fleet evicts each token just before its next beat needs it (LRU or FIFO alike)
 * and every beat reads the database again; behind a load balancer that is not sticky every process sees
 * every token, so that holds per process whatever the number of processes.
 */
export const DEVICE_CACHE_MAX_ENTRIES = 250_000;

/**
 * A map bounded in size (lru-cache: the least recently used goes first when full) and in time: each entry
 * ends at its own `until` on the caller's clock (`now`), ended from `until` on. lru-cache's own TTL is not
 * used: it reads its own clock and takes a start of 0 for none.
 */
export class ExpiringCache<T> {
  // Values boxed and typed unknown inside: lru-cache's types are invariant in the value, and an
  // AuthCache<U, D> must still stand for an AuthCache<U, unknown>.
  private readonly cache: LRUCache<string, { value: unknown; until: number }> | null;

  constructor(max: number) {
    this.cache = max > 0 ? new LRUCache({ max }) : null;
  }

  get(key: string, now: number): T | undefined {
    const entry = this.cache?.get(key);
    if (!entry) return undefined;
    if (now >= entry.until) {
      this.cache?.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  set(key: string, value: T, until: number): void {
    this.cache?.set(key, { value, until });
  }

  delete(key: string): void {
    this.cache?.delete(key);
  }

  /** The keys whose value `test` picks, expired ones included (a notification ends them either way). */
  keysWhere(test: (value: T) => boolean): string[] {
    const keys: string[] = [];
    for (const [key, entry] of this.cache?.entries() ?? []) if (test(entry.value as T)) keys.push(key);
    return keys;
  }

  /** Drops every expired entry (recency is not expiry order, so the whole cache is read). */
  sweep(now: number): void {
    const ended: string[] = [];
    for (const [key, entry] of this.cache?.entries() ?? []) if (entry.until <= now) ended.push(key);
    for (const key of ended) this.cache?.delete(key);
  }

  clear(): void {
    this.cache?.clear();
  }

  get size(): number {
    return this.cache?.size ?? 0;
  }
}

/**
 * The manifest version last served to a player, by its token hash, while it holds (manifest_valid_until): a
 * poll naming it is answered 304 from this alone. Ended by the database's notification of any write of the
 * player's served manifest, its validity or its change count (migration 0026: 'm:'), or of its token
 * (0018: 'd:').
 */
export type CachedManifest = { version: string };

/** What a cached session needs beyond its user: the user's key (a user change ends all its sessions). */
export type CachedSession<U> = { userPk: string; user: U; expiresAt: number; lastSeenAt: number };

/**
 * The in-process cache of the request path's lookups: session id → signed-in user, device token hash →
 * player. It only serves while this process LISTENs on AUTH_CACHE_CHANNEL (`setListening`): the database
 * notifies every listening process of a logout, an expiry, a user's change or removal, a revoked token or a
 * deleted player when the write commits, and the entry goes in each of them. When the listener is down the
 * cache is empty and off (every request reads the database), and it starts empty again once it is back,
 * since notifications sent meanwhile were lost.
 *
 * The race: a request that read the database before an invalidation arrived must not store what it read
 * after it. Each read takes `generation` before it queries; any notification (and any change of the
 * listener) moves the generation on, and a `put` with an older one is dropped.
 *
 * Emits 'invalidated' (the payload) after each notification it applied and 'listening' (true/false) when the
 * listener's state changed; tests wait for a peer process's cache with them.
 */
export class AuthCache<U = unknown, D = unknown> extends EventEmitter {
  private readonly sessions: ExpiringCache<CachedSession<U>>;
  private readonly devices: ExpiringCache<D>;
  private readonly manifests: ExpiringCache<CachedManifest>;
  private listening = false;
  private gen = 0;
  private sweepers: NodeJS.Timeout[] = [];

  constructor(
    private readonly ttlMs = AUTH_CACHE_TTL_MS,
    private readonly deviceTtlMs = DEVICE_CACHE_TTL_MS,
    deviceEntries = DEVICE_CACHE_MAX_ENTRIES,
  ) {
    super();
    this.sessions = new ExpiringCache(AUTH_CACHE_MAX_ENTRIES);
    this.devices = new ExpiringCache(deviceEntries);
    this.manifests = new ExpiringCache(deviceEntries);
  }

  /** Take before reading the database; hand to `putSession`/`putDevice` with what was read. */
  get generation(): number {
    return this.gen;
  }

  get enabled(): boolean {
    return this.listening;
  }

  /** The listener's state: a change either way forgets everything. */
  setListening(up: boolean): void {
    this.listening = up;
    this.clear();
    for (const sweeper of this.sweepers.splice(0)) clearInterval(sweeper);
    if (up) {
      // An idle server's entries go too, not only those a later lookup finds expired; each map at its own TTL
      // (the devices' is read whole, up to its bound, so not every few seconds).
      const sweep = (bounded: { sweep(now: number): void }, everyMs: number) => {
        const sweeper = setInterval(() => bounded.sweep(Date.now()), everyMs);
        sweeper.unref();
        this.sweepers.push(sweeper);
      };
      sweep(this.sessions, this.ttlMs);
      sweep(this.devices, this.deviceTtlMs);
      sweep(this.manifests, this.deviceTtlMs);
    }
    this.emit('listening', up);
  }

  session(id: string, now: number): CachedSession<U> | undefined {
    if (!this.listening) return undefined;
    const entry = this.sessions.get(id, now);
    if (entry && now >= entry.expiresAt) {
      this.sessions.delete(id);
      return undefined;
    }
    return entry;
  }

  putSession(id: string, generation: number, entry: CachedSession<U>, now: number): void {
    if (!this.listening || generation !== this.gen) return;
    this.sessions.set(id, entry, Math.min(now + this.ttlMs, entry.expiresAt));
  }

  device(tokenHash: string, now: number): D | undefined {
    return this.listening ? this.devices.get(tokenHash, now) : undefined;
  }

  putDevice(tokenHash: string, generation: number, device: D, now: number): void {
    if (!this.listening || generation !== this.gen) return;
    this.devices.set(tokenHash, device, now + this.deviceTtlMs);
  }

  /** The version a poll with this token may be answered 304 from, while it holds. */
  manifest(tokenHash: string, now: number): CachedManifest | undefined {
    return this.listening ? this.manifests.get(tokenHash, now) : undefined;
  }

  /**
   * What the database said the player was served and until when it holds (`validUntil`, epoch ms), read after
   * taking `generation`: kept no longer than that, nor than a device entry.
   */
  putManifest(tokenHash: string, generation: number, manifest: CachedManifest, validUntil: number, now: number): void {
    if (!this.listening || generation !== this.gen) return;
    this.manifests.set(tokenHash, manifest, Math.min(now + this.deviceTtlMs, validUntil));
  }

  /** Applies one notification of AUTH_CACHE_CHANNEL (see migration 0018); anything unknown forgets everything. */
  apply(payload: string): void {
    this.gen++;
    const kind = payload.slice(0, 2);
    const keys = payload.slice(2).split(',');
    if (kind === 's:') for (const id of keys) this.sessions.delete(id);
    else if (kind === 'd:') {
      for (const hash of keys) {
        this.devices.delete(hash);
        this.manifests.delete(hash);
      }
    } else if (kind === 'm:') for (const hash of keys) this.manifests.delete(hash);
    else if (kind === 'u:') {
      const users = new Set(keys);
      for (const id of this.sessions.keysWhere((entry) => users.has(entry.userPk))) this.sessions.delete(id);
    } else this.clear();
    this.emit('invalidated', payload);
  }

  get size(): { sessions: number; devices: number } {
    return { sessions: this.sessions.size, devices: this.devices.size };
  }

  /** Served manifests held (see CachedManifest). */
  get manifestCount(): number {
    return this.manifests.size;
  }

  private clear(): void {
    this.gen++;
    this.sessions.clear();
    this.devices.clear();
    this.manifests.clear();
  }
}
