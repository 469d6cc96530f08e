import type { AgentEventName, TAgentLiveEvent } from '@signage/domain';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { AUTH_CACHE_CHANNEL } from '../auth/cache';
import type { Database } from '../db/client';
import { PUSH_CHANNEL, type PushMessage, parsePushMessage } from './notify';

/** One player's open push channel, as the events route writes it. */
export type PushStream = {
  send(event: AgentEventName, data: unknown): void;
  /** Ends the stream (the player reconnects, or, after 'revoked', forgets its token). */
  close(): void;
};

/**
 * The open push channels of this server process, by player. One per player: a new connection replaces the
 * old one, which is closed (a player that lost its connection without noticing would otherwise hold two).
 */
/**
 * Resolves the new manifests of players told to collect, by code (agent/pushManifests.ts): the hub sends each
 * in its 'manifest' event. Players it leaves out, or all of them when it fails, are told to collect.
 */
export type ManifestResolver = (codes: string[]) => Promise<ReadonlyMap<string, unknown>>;

/** Manifest batches one process resolves at the same time (each takes a pool connection for four statements). */
export const RESOLVE_AT_ONCE = 4;

export class PushHub {
  private readonly streams = new Map<string, PushStream>();
  private resolver: ManifestResolver | null = null;
  private resolving = 0;
  private readonly waiting: (() => void)[] = [];

  /** From now on a named manifest notification sends the players their manifests (the agent layer sets it). */
  resolveManifestsWith(resolver: ManifestResolver): void {
    this.resolver = resolver;
  }

  /** Registers a player's stream; returns the function that removes it (only if it is still the current one). */
  subscribe(deviceCode: string, stream: PushStream): () => void {
    const previous = this.streams.get(deviceCode);
    this.streams.set(deviceCode, stream);
    previous?.close();
    return () => {
      if (this.streams.get(deviceCode) === stream) this.streams.delete(deviceCode);
    };
  }

  get size(): number {
    return this.streams.size;
  }

  /**
   * Hands a notification to the players it names that are connected to this process. A named manifest
   * change carries each player's new manifest when a resolver is set: resolved once for the batch, so a
   * change for thousands of players is not thousands of collects. Resolves once every event is written.
   */
  deliver(message: PushMessage): Promise<void> {
    if (message.k === 'm') {
      const data = { reason: message.r };
      if ('all' in message) {
        for (const stream of this.streams.values()) stream.send('manifest', data);
        return Promise.resolve();
      }
      const connected = message.d.filter((code) => this.streams.has(code));
      const resolver = this.resolver;
      if (!resolver || connected.length === 0) {
        for (const code of connected) this.streams.get(code)?.send('manifest', data);
        return Promise.resolve();
      }
      return this.slot().then(async (release) => {
        try {
          const manifests = await resolver(connected).catch(() => new Map<string, unknown>());
          for (const code of connected) {
            const manifest = manifests.get(code);
            this.streams.get(code)?.send('manifest', manifest === undefined ? data : { ...data, manifest });
          }
        } finally {
          release();
        }
      });
    }
    if (message.k === 'l') {
      const data: TAgentLiveEvent = { content_id: message.c, on_air: message.on };
      for (const code of message.d) this.streams.get(code)?.send('live', data);
      return Promise.resolve();
    }
    if (message.k === 'c') {
      const data = { ...message.p, command_id: message.i, kind: message.n };
      for (const code of message.d) this.streams.get(code)?.send('command', data);
      return Promise.resolve();
    }
    for (const code of message.d) {
      const stream = this.streams.get(code);
      if (!stream) continue;
      this.streams.delete(code);
      stream.send('revoked', {});
      stream.close();
    }
    return Promise.resolve();
  }

  /** Batches of manifests being resolved now (at most RESOLVE_AT_ONCE), and batches waiting for their turn. */
  get pending(): { resolving: number; waiting: number } {
    return { resolving: this.resolving, waiting: this.waiting.length };
  }

  /**
   * A turn to resolve a batch: a change for 100,000 players is 500 notifications, and resolving them all at
   * once would take every connection of the pool from the heartbeats and polls. Returns its release.
   */
  private async slot(): Promise<() => void> {
    if (this.resolving < RESOLVE_AT_ONCE) this.resolving += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    return () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.resolving -= 1;
    };
  }

  /** Every connected player collects (after the listener was down, notifications may have been missed). */
  resync(reason: string): void {
    void this.deliver({ k: 'm', all: true, r: reason });
  }

  /**
   * Ends every stream (server shutdown), each after a `reconnect` event: players connect again at once, through
   * the load balancer, to another process (older players, which skip the event, after their backoff).
   */
  closeAll(): void {
    const streams = [...this.streams.values()];
    this.streams.clear();
    for (const stream of streams) {
      stream.send('reconnect', { reason: 'draining' });
      stream.close();
    }
  }
}

export type PushListener = { close(): Promise<void> };

type PgliteLike = { listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> };
const isPglite = (client: unknown): client is PgliteLike =>
  typeof (client as Partial<PgliteLike> | null)?.listen === 'function';

/** What else hears the push listener's connection: the request path's cache (auth/cache.ts). */
export type CacheListener = {
  /** One notification of AUTH_CACHE_CHANNEL. */
  apply(payload: string): void;
  /** The connection is up and LISTENing (true), or lost (false): a cache must not serve while it is down. */
  setListening(up: boolean): void;
};

/**
 * LISTENs on PUSH_CHANNEL for this process and hands each notification to the hub; on the same connection
 * AUTH_CACHE_CHANNEL for the cache, which it turns on once LISTENing and off whenever the connection is
 * lost. With PostgreSQL that is one dedicated connection (not one of the pool's), reconnected with backoff
 * when it drops; after a reconnect every connected player is told to collect, since notifications sent
 * meanwhile were lost. The embedded PGlite is one process's own database, so its listen is the same
 * mechanism without a socket.
 */
export async function listenForPush(
  db: Database,
  hub: PushHub,
  log: FastifyBaseLogger,
  cache?: CacheListener,
): Promise<PushListener> {
  const onPayload = (payload: string) => {
    const message = parsePushMessage(payload);
    if (message) void hub.deliver(message);
  };
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) {
    const unlisten = await client.listen(PUSH_CHANNEL, onPayload);
    const unlistenCache = cache ? await client.listen(AUTH_CACHE_CHANNEL, (payload) => cache.apply(payload)) : null;
    cache?.setListening(true);
    return {
      close: async () => {
        cache?.setListening(false);
        await unlisten().catch(() => undefined);
        await unlistenCache?.().catch(() => undefined);
      },
    };
  }
  if (!(client instanceof pg.Pool)) throw new Error('push: unknown database client');
  return listenOnPostgres(client.options, onPayload, hub, log, cache);
}

async function listenOnPostgres(
  options: pg.PoolConfig,
  onPayload: (payload: string) => void,
  hub: PushHub,
  log: FastifyBaseLogger,
  cache: CacheListener | undefined,
): Promise<PushListener> {
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ ...options, keepAlive: true });
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === PUSH_CHANNEL) onPayload(message.payload);
      // Only from the connection the cache trusts: a late one of a dropped connection changes nothing.
      else if (message.channel === AUTH_CACHE_CHANNEL && current === client) cache?.apply(message.payload);
    });
    client.on('error', (error) => {
      log.warn({ err: error }, 'push: the LISTEN connection failed; reconnecting');
      void drop(client);
    });
    client.on('end', () => void drop(client));
    await client.connect();
    await client.query(cache ? `LISTEN ${PUSH_CHANNEL}; LISTEN ${AUTH_CACHE_CHANNEL}` : `LISTEN ${PUSH_CHANNEL}`);
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    // Starts empty: what was cached before (if anything) may have missed notifications.
    cache?.setListening(true);
    if (failures > 0) hub.resync('reconnected');
    failures = 0;
  };

  const schedule = () => {
    if (closed || retry) return;
    const delay = Math.min(30_000, 500 * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error) => {
        log.warn({ err: error }, 'push: cannot LISTEN; retrying');
        schedule();
      });
    }, delay);
    retry.unref();
  };

  const drop = async (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    // Off before anything else: no request may be answered from the cache while nothing invalidates it.
    cache?.setListening(false);
    await client.end().catch(() => undefined);
    schedule();
  };

  try {
    await connect();
  } catch (error) {
    log.warn({ err: error }, 'push: cannot LISTEN yet; players fall back to polling until it can');
    failures = 1;
    schedule();
  }
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      cache?.setListening(false);
      await client?.end().catch(() => undefined);
    },
  };
}
