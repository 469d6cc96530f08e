import {
  AgentClientError,
  createAgentClient,
  reconnectDelayMs,
  type TDeliveryReport,
  type TManifest,
} from '@signage/agent-client';
import { type TManifestMedia, ZAgentLiveEvent, ZAgentManifestEvent } from '@signage/domain';
import { Cadence } from './cadence';
import { el } from './dom';
import { MediaFiles } from './files';
import type { TextKey } from './i18n';
import {
  aspectOf,
  filesOf,
  imageSecondsOf,
  isReady,
  mayDownload,
  nextScheduleAt,
  scheduleAt,
  storeHourAt,
  storeOffsetAt,
} from './plan';
import { PlayQueue } from './plays';
import { Screen } from './screen';
import { PlayerLog, WATCH_EVERY_MS, Watchdog } from './watchdog';

export const PLAYER_VERSION = '0.1.0';
export const MANIFEST_KEY = 'signage.player.manifest';

export type PlayerContext = {
  app: HTMLElement;
  base: string;
  serial: string;
  t: Record<TextKey, string>;
  lang: string;
};

function kept(): TManifest | null {
  try {
    return JSON.parse(localStorage.getItem(MANIFEST_KEY) ?? 'null') as TManifest | null;
  } catch {
    return null;
  }
}

/**
 * A paired player (issue 11): collects its manifest on push and on a 60 s poll, downloads and verifies media,
 * puts the current schedule in the store's zone on the stage (screen.ts), shows the idle screen (clock and store
 * name) otherwise, and confirms what it plays by heartbeat. Offline: the last manifest stays in localStorage,
 * verified media in IndexedDB and the page itself in the service worker's cache, so a reload with the server away
 * plays on. A watchdog reloads a stalled video or stream, skips what does not play or load, and reloads the page
 * at a quiet hour if its memory keeps growing; starts, crashes and what the watchdog did are uploaded as logs.
 */
export function startPlayer({ app, base, serial, t, lang }: PlayerContext, token: string, onRevoked: () => void) {
  const client = createAgentClient({ baseUrl: base, token });
  // Plays in IndexedDB; one left open by a reload or power cut is sent with what it recorded.
  const queue = new PlayQueue(localStorage);
  const log = new PlayerLog(localStorage);
  // A download that is not the manifest's file is discarded; the log (uploaded with the heartbeat) says so.
  const files = new MediaFiles(undefined, (file) =>
    log.write(
      'ERROR',
      `media ${file.name} (${file.content_id}): sha256 ${file.actual} is not the manifest's ${file.expected}; discarded, downloaded again at ${new Date(file.retryAt).toISOString()}`,
    ),
  );
  log.started();
  const onPageHide = () => log.stopped();
  const onError = (event: ErrorEvent) => log.write('ERROR', `script error: ${event.message}`);
  const onRejection = (event: PromiseRejectionEvent) => log.write('ERROR', `unhandled: ${String(event.reason)}`);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  // The last manifest, kept so that a reload without the server still knows the store and its zone.
  let manifest: TManifest | null = kept();
  let applied: string | null = null;
  let skew: number | null = null;
  let lastSync: Date | null = null;
  let stopped = false;

  const watchdog = new Watchdog(Date.now());
  const screen = new Screen(el('div', { className: 'stage' }), {
    base,
    token,
    fileUrl: (id) => files.url(id),
    probe: (url, signal) => client.liveProbe(url, signal),
    texts: t,
    log: (text) => log.write('WARNING', text),
    queue,
    skewMs: () => skew ?? 0,
    storeOffset: (at) => (manifest ? storeOffsetAt(manifest, at) : 0),
    imageSeconds: imageSecondsOf(location.search),
    fresh: () => watchdog.shown(),
  });
  const { stage } = screen;
  const idle = el('section', { className: 'screen', hidden: true });
  const clock = el('p', { className: 'clock' });
  const storeName = el('p', { className: 'store' });
  idle.append(clock, storeName, el('p', { className: 'hint', textContent: t.idle }));
  const status = el('dl', { className: 'status', hidden: true });
  app.replaceChildren(stage, idle, status);

  const stop = (revoked: boolean) => {
    if (stopped) return;
    stopped = true;
    abort.abort();
    clearInterval(tickTimer);
    cadence.stop();
    clearInterval(watchTimer);
    screen.dispose();
    window.removeEventListener('keydown', onStatusKey);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    log.stopped(); // a revoked player pairs again in this page: its next start is not a crash
    files.revokeAll();
    if (revoked) onRevoked();
  };
  const refused = (error: unknown) => error instanceof AgentClientError && error.status === 401;

  // -- collect and download; true when what the heartbeat reports changed (cadence.ts sends it then)
  // `pushed`: the manifest the server sent in a 'manifest' event, taken as this collect's answer.
  // `fresh`: a push event asked for it (without a manifest the server checks the version against its database,
  // not its cache).
  async function collect(pushed?: TManifest, fresh = false): Promise<boolean> {
    const reported = `${manifest?.version}/${applied}`;
    const answer = pushed
      ? { changed: true as const, manifest: pushed, serverTime: Date.parse(pushed.server_time) }
      : await client.manifest(manifest?.version, { fresh });
    if (Number.isFinite(answer.serverTime)) skew = Date.now() - answer.serverTime;
    lastSync = new Date();
    if (answer.changed) {
      manifest = answer.manifest;
      localStorage.setItem(MANIFEST_KEY, JSON.stringify(manifest));
    }
    if (!manifest) return false;
    const now = new Date();
    const wanted = new Map<string, TManifestMedia>();
    for (const schedule of manifest.schedules) {
      if (!mayDownload(schedule, manifest, now)) continue;
      for (const item of filesOf(schedule)) wanted.set(item.content_id, item);
    }
    await files.fetch([...wanted.values()], client);
    const verified = files.verified();
    // Media no schedule needs any more go (their object URLs too), so memory stays flat over days.
    const needed = new Set(manifest.schedules.flatMap((s) => s.media.map((m) => m.content_id)));
    await files.prune(needed, screen.now().item?.content_id ?? null);
    if (manifest.schedules.every((schedule) => filesOf(schedule).length === 0 || isReady(schedule, verified))) {
      applied = manifest.version;
    }
    tick();
    return `${manifest.version}/${applied}` !== reported;
  }

  /** After a reload: the kept manifest's media from IndexedDB, so the screen plays before (or without) the server. */
  async function restore(): Promise<void> {
    if (!manifest) return;
    await files.restore(manifest.schedules.flatMap((schedule) => filesOf(schedule)));
    tick();
  }

  let collecting: Promise<boolean> = Promise.resolve(false);
  const collectSoon = (pushed?: TManifest, fresh = false) => {
    collecting = collecting
      .then(() => collect(pushed, fresh))
      .catch((error) => {
        if (refused(error)) stop(true);
        return false;
      });
    return collecting;
  };
  // One poll and one heartbeat a minute; a collect that changed the report beats at once instead.
  const cadence = new Cadence({ collect: () => collectSoon(), heartbeat });

  // -- push, with the poll as the fallback
  const abort = new AbortController();
  (async () => {
    let failures = 0;
    let reconnectNow = false;
    while (!stopped) {
      try {
        for await (const event of client.events(abort.signal)) {
          failures = 0;
          if (event.event === 'revoked') return stop(true);
          if (event.event === 'reconnect') {
            // The server is shutting down: connect again at once (the balancer sends us to another server;
            // its 'hello' makes us collect what changed in between). Nothing to show on screen.
            reconnectNow = true;
            break;
          }
          if (event.event === 'live') {
            // A stream of the manifest went on or off air: the screen follows at once, nothing to collect.
            const live = ZAgentLiveEvent.safeParse(event.data);
            if (live.success) screen.told(live.data.content_id, live.data.on_air);
            continue;
          }
          const told = event.event === 'manifest' ? ZAgentManifestEvent.safeParse(event.data) : null;
          void cadence.collected(collectSoon(told?.success ? told.data.manifest : undefined, true));
        }
      } catch (error) {
        if (refused(error)) return stop(true);
      }
      if (stopped) return;
      if (reconnectNow) {
        reconnectNow = false;
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(failures++)));
    }
  })();
  // The network is back (the browser says so): collect now, so the heartbeat reports and the plays kept
  // meanwhile go at once instead of at the next beat or the push channel's backed-off reconnect.
  const onOnline = () => void collectSoon().then(() => cadence.beat());
  window.addEventListener('online', onOnline);

  // -- heartbeat with the delivery report
  async function heartbeat(): Promise<void> {
    const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
    const shown = screen.now();
    const report: TDeliveryReport = {
      applied_version: applied,
      pending_version: manifest && manifest.version !== applied ? manifest.version : null,
      on_screen: {
        kind: shown.item ? 'schedule' : 'idle',
        schedule_id: shown.schedule?.schedule_id ?? null,
        content_id: shown.item?.content_id ?? null,
        live: shown.live,
        since: new Date(shown.since - (skew ?? 0)).toISOString(),
      },
      download: files.download,
      cache_bytes: files.bytes(),
      quota_bytes: estimate?.quota ? Math.round(estimate.quota) : null,
      clock_skew_ms: skew === null ? null : Math.round(skew),
      player_version: PLAYER_VERSION,
    };
    try {
      await client.heartbeat('ok', {
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        delivery: report,
        plays_unrecorded: queue.unrecorded,
      });
      await queue.flush(client);
      const file = log.upload();
      if (file) {
        const stamp = file.ended_at.replace(/\D/g, '').slice(0, 14);
        await client.uploadLog({
          name: `player-${serial.replace(/[^A-Za-z0-9._-]/g, '_')}-${stamp}.log`,
          level: file.level,
          started_at: file.started_at,
          ended_at: file.ended_at,
          content: file.content,
        });
        log.sent(file.count);
      }
    } catch (error) {
      if (refused(error)) stop(true);
    }
  }

  // -- the loop on screen
  const clockFormat = new Map<string, Intl.DateTimeFormat>();
  function tick() {
    const now = new Date();
    const zone = manifest?.time_zone ?? '';
    let format = clockFormat.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat(lang, {
        ...(zone ? { timeZone: zone } : {}),
        hour: '2-digit',
        minute: '2-digit',
      });
      clockFormat.set(zone, format);
    }
    setText(clock, format.format(now));
    setText(storeName, manifest?.fallback.store_name ?? '');
    // The stage has the shape of the store's display (its display pattern), centred in the window.
    const aspect = aspectOf(manifest?.display_pattern);
    stage.classList.toggle('boxed', aspect !== null);
    stage.style.setProperty('--aspect', aspect === null ? '' : String(aspect));
    const at = new Date(now.getTime() - (skew ?? 0));
    screen.play(manifest ? scheduleAt(manifest, files.verified(), at, screen.playing?.schedule_id ?? null) : null);
    const playing = screen.playing !== null;
    idle.hidden = playing;
    stage.hidden = !playing;
    if (!status.hidden) drawStatus(now);
  }
  const tickTimer = setInterval(tick, 1000);

  // -- the watchdog: playback must advance; memory must not grow without end
  const watchTimer = setInterval(() => {
    const heap = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize;
    const action = watchdog.look({
      now: Date.now(),
      ...screen.seen(),
      heapBytes: heap ?? null,
      localHour: manifest ? storeHourAt(manifest, new Date(Date.now() - (skew ?? 0))) : new Date().getUTCHours(),
    });
    if (action.kind === 'none') return;
    log.write('WARNING', `${action.reason} (${screen.now().item?.name ?? 'nothing'})`);
    if (action.kind === 'reload-page') {
      log.reloading(action.reason);
      location.reload();
    } else screen.act(action);
  }, WATCH_EVERY_MS);

  function onScreenText(): string {
    const shown = screen.now();
    if (!shown.item) return t.idle;
    if (shown.live === null) return shown.item.name;
    return `${shown.item.name} (${shown.live === 'stream' ? t.liveStreaming : t.liveImage})`;
  }

  function drawStatus(now: Date) {
    const next = manifest ? nextScheduleAt(manifest, now) : null;
    const rows: [string, string][] = [
      [t.serial, serial],
      [t.store, manifest?.fallback.store_name ?? '-'],
      [t.version, PLAYER_VERSION],
      [t.plan, applied?.slice(0, 12) ?? '-'],
      [t.lastSync, lastSync?.toLocaleTimeString() ?? '-'],
      [t.cache, `${Math.round(files.bytes() / 1000)} KB`],
      [t.onScreen, onScreenText()],
      [t.next, next?.schedule_name ?? t.none],
    ];
    status.replaceChildren(...rows.flatMap(([k, v]) => [el('dt', { textContent: k }), el('dd', { textContent: v })]));
  }
  const onStatusKey = (event: KeyboardEvent) => {
    if (event.key === 'i' || event.key === 'I') {
      status.hidden = !status.hidden;
      drawStatus(new Date());
    }
  };
  window.addEventListener('keydown', onStatusKey);

  collecting = restore().then(
    () => false,
    () => false,
  );
  void cadence.collected(collectSoon());
}

/** Text is replaced only when it changes (no new text node every second). */
function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}
