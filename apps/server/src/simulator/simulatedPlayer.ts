import { type AgentClient, reconnectDelayMs, type TManifest } from '@signage/agent-client';
import { sha256 } from '../blob';

/** Poll period of a player whatever the push channel does (60 s, with up to 10 s of jitter). */
export const POLL_MS = 60_000;
const POLL_JITTER_MS = 10_000;

export type AppliedEvent = { version: string; reason: string; at: number };

export type SimulatedPlayerOptions = {
  client: AgentClient;
  /** Download every new medium and check size and sha256 before applying (as the web player does). */
  download: boolean;
  /** Called each time a new manifest version is applied (after its media verified). */
  onApplied?: (event: AppliedEvent) => void;
  /** Called for what a person watching the simulator wants to see (connects, failures). */
  onLine?: (line: string) => void;
  pollMs?: number;
};

/**
 * A store player without a screen, for tests and benches: it keeps a push channel open (reconnecting with
 * backoff and jitter), collects its manifest on every 'manifest' event and on a jittered poll, downloads and
 * verifies new media, then applies the version and confirms it with a heartbeat carrying the delivery report.
 * 'revoked' stops it. `stop()` ends everything.
 */
export function startSimulatedPlayer(options: SimulatedPlayerOptions) {
  const { client } = options;
  const abort = new AbortController();
  const verified = new Set<string>();
  let applied: string | null = null;
  let skew: number | null = null;
  let collecting: Promise<void> = Promise.resolve();
  let pollTimer: NodeJS.Timeout | undefined;
  let stopped = false;

  const say = (line: string) => options.onLine?.(line);

  async function verify(manifest: TManifest): Promise<void> {
    for (const item of manifest.schedules.flatMap((s) => s.media)) {
      if (!item.url || verified.has(item.content_id)) continue;
      const bytes = Buffer.from(await (await client.media(item.content_id)).arrayBuffer());
      if (bytes.length !== item.size || sha256(bytes) !== item.sha256)
        throw new Error(`media ${item.content_id} differs`);
      verified.add(item.content_id);
    }
  }

  async function collect(reason: string): Promise<void> {
    const answer = await client.manifest(applied ?? undefined);
    skew = Date.now() - answer.serverTime;
    if (!answer.changed) return;
    if (options.download) await verify(answer.manifest);
    applied = answer.manifest.version;
    await client.heartbeat('ok', {
      delivery: {
        applied_version: applied,
        pending_version: null,
        on_screen: null,
        download: null,
        cache_bytes: null,
        quota_bytes: null,
        clock_skew_ms: skew,
        player_version: 'simulator',
      },
    });
    options.onApplied?.({ version: applied, reason, at: Date.now() });
  }

  /** One collection at a time; a request during one runs after it. */
  const queue = (reason: string) => {
    collecting = collecting
      .then(() => (stopped ? undefined : collect(reason)))
      .catch((error: Error) => say(`collect failed: ${error.message}`));
    return collecting;
  };

  const schedulePoll = () => {
    if (stopped) return;
    pollTimer = setTimeout(
      () => {
        void queue('poll').then(schedulePoll);
      },
      (options.pollMs ?? POLL_MS) + Math.random() * POLL_JITTER_MS,
    );
    pollTimer.unref();
  };

  async function listen(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      try {
        for await (const event of client.events(abort.signal)) {
          failures = 0;
          if (event.event === 'hello') void queue('connect');
          else if (event.event === 'manifest')
            void queue(String((event.data as { reason?: string })?.reason ?? 'push'));
          else if (event.event === 'revoked') {
            say('revoked: this player was deleted');
            stopped = true;
            return;
          }
        }
      } catch (error) {
        if (stopped) return;
        const status = (error as { status?: number }).status;
        if (status === 401) {
          say('the device token was refused');
          stopped = true;
          return;
        }
        say(`push channel lost: ${(error as Error).message}`);
      }
      if (stopped) return;
      await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(failures++)).unref());
    }
  }

  const listening = listen();
  schedulePoll();
  return {
    get applied() {
      return applied;
    },
    async stop() {
      stopped = true;
      clearTimeout(pollTimer);
      abort.abort();
      await listening.catch(() => undefined);
      await collecting.catch(() => undefined);
    },
  };
}
