import { AgentClientError, createAgentClient, type TDeliveryReport, type TManifest } from '@signage/agent-client';
import { type TManifestMedia, ZAgentCommand, ZAgentLiveEvent, ZAgentManifestEvent } from '@signage/domain';
import { Cadence } from './cadence';
import { el } from './dom';
import { dueEmergency, EmergencyScreen, emergencyFiles, neededMedia } from './emergency';
import { MediaFiles } from './files';
import type { TextKey } from './i18n';
import { IdentifyOverlay } from './identify';
import { IdleScreen } from './idle';
import { keptManifest, MANIFEST_KEY } from './keptManifest';
import { uploadPlayerLog } from './logUpload';
import {
  aspectOf,
  filesOf,
  imageSecondsOf,
  isReady,
  mayDownload,
  scheduleAt,
  storeHourAt,
  storeOffsetAt,
} from './plan';
import { PlayQueue } from './plays';
import { listenForPush } from './push';
import { remoteControl } from './remote';
import { deliveryReport } from './report';
import { Screen } from './screen';
import { StatusOverlay } from './status';
import { logPageEvents, PlayerLog, WATCH_EVERY_MS, Watchdog } from './watchdog';

export const PLAYER_VERSION = '0.1.0';

export type PlayerContext = {
  app: HTMLElement;
  base: string;
  serial: string;
  t: Record<TextKey, string>;
};

/**
 * A paired player (issue 11): collects its manifest on push and on a 60 s poll, downloads and verifies media,
 * puts the current schedule in the store's zone on the stage (screen.ts), shows the idle screen (clock and store
 * name) otherwise, and confirms what it plays by heartbeat. Offline: the last manifest stays in localStorage,
 * verified media in IndexedDB and the page itself in the service worker's cache, so a reload with the server away
 * plays on. A watchdog reloads a stalled video or stream, skips what does not play or load, and reloads the page
 * at a quiet hour if its memory keeps growing; starts, crashes and what the watchdog did are uploaded as logs.
 */
export function startPlayer({ app, base, serial, t }: PlayerContext, token: string, onRevoked: () => void) {
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
  const unlogPage = logPageEvents(log);
  // The last manifest, kept so that a reload without the server still knows the store and its zone.
  let manifest: TManifest | null = keptManifest();
  let applied: string | null = null;
  let skew: number | null = null;
  let lastSync: Date | null = null;
  let stopped = false;

  const storeOffset = (at: Date) => (manifest ? storeOffsetAt(manifest, at) : 0);
  /** Now on the server's clock: what plays, and every time the player shows, go by it (not the device's clock). */
  const serverNow = () => new Date(Date.now() - (skew ?? 0));
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
    storeOffset,
    imageSeconds: imageSecondsOf(location.search),
    fresh: () => watchdog.shown(),
  });
  const { stage } = screen;
  const idleScreen = new IdleScreen(t.idle);
  const idle = idleScreen.root;
  const status = new StatusOverlay(t);
  const identify = new IdentifyOverlay();
  const emergency = new EmergencyScreen({ queue, files, skewMs: () => skew ?? 0, storeOffset });
  app.replaceChildren(stage, idle, status.root, emergency.root, identify.root);
  const statusFacts = () => ({
    serial,
    version: PLAYER_VERSION,
    manifest,
    applied,
    lastSync,
    cacheBytes: files.bytes(),
    shown: screen.now(),
  });

  const stop = (revoked: boolean) => {
    if (stopped) return;
    stopped = true;
    abort.abort();
    clearInterval(tickTimer);
    cadence.stop();
    clearInterval(watchTimer);
    screen.dispose();
    emergency.hide();
    identify.hide();
    window.removeEventListener('keydown', onStatusKey);
    window.removeEventListener('online', onOnline);
    unlogPage();
    log.stopped(); // a revoked player pairs again in this page: its next start is not a crash
    files.revokeAll();
    if (revoked) onRevoked();
  };
  const refused = (error: unknown) => error instanceof AgentClientError && error.status === 401;

  // -- collect and download; true when what the heartbeat reports changed (cadence.ts sends it then)
  // `pushed`: the manifest the server sent in a 'manifest' event, taken as this collect's answer.
  // `fresh`: a push event asked for it (without a manifest the server checks the version against its database,
  // not its cache). `afresh`: the whole manifest, whatever version the player holds (a remote reload).
  async function collect(pushed?: TManifest, fresh = false, afresh = false): Promise<boolean> {
    const reported = `${manifest?.version}/${applied}`;
    const answer = pushed
      ? { changed: true as const, manifest: pushed, serverTime: Date.parse(pushed.server_time) }
      : await client.manifest(afresh ? undefined : manifest?.version, { fresh });
    if (Number.isFinite(answer.serverTime)) skew = Date.now() - answer.serverTime;
    lastSync = serverNow();
    if (answer.changed) {
      manifest = answer.manifest;
      localStorage.setItem(MANIFEST_KEY, JSON.stringify(manifest));
    }
    if (!manifest) return false;
    const now = serverNow(); // the night download hour is the store's, on the server's clock
    const wanted = new Map<string, TManifestMedia>();
    for (const schedule of manifest.schedules) {
      if (!mayDownload(schedule, manifest, now)) continue;
      for (const item of filesOf(schedule)) wanted.set(item.content_id, item);
    }
    // An emergency message's image comes at once, whatever the download hour.
    for (const item of emergencyFiles(manifest)) wanted.set(item.content_id, item);
    await files.fetch([...wanted.values()], client);
    const verified = files.verified();
    // Media no schedule (nor the emergency message) needs any more go (their object URLs too): memory stays flat.
    const needed = neededMedia(manifest);
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

  // -- remote commands (issue 29 item 5), each answered; a playback error's screenshot
  const { commands, errorScreenshot } = remoteControl({
    app,
    client,
    log,
    identify: (shown) => identify.show(shown, { storeCode: t.identifyStoreCode, player: t.identifyPlayer }),
    reload: async (forget) => {
      screen.dispose();
      if (forget) await files.forget();
      collecting = collecting.then(() => collect(undefined, true, true));
      await collecting;
    },
  });

  // -- push, with the poll as the fallback
  const abort = new AbortController();
  void listenForPush(client, abort.signal, {
    connected: () => {
      void cadence.collected(collectSoon(undefined, true));
      void commands
        .started()
        .then(() => commands.catchUp())
        .catch(() => undefined);
    },
    collect: (event) => {
      const told = ZAgentManifestEvent.safeParse(event.data);
      void cadence.collected(collectSoon(told.success ? told.data.manifest : undefined, true));
    },
    event: (event) => {
      if (event.event === 'live') {
        // A stream of the manifest went on or off air: the screen follows at once, nothing to collect.
        const live = ZAgentLiveEvent.safeParse(event.data);
        if (live.success) screen.told(live.data.content_id, live.data.on_air);
      } else if (event.event === 'command') {
        const command = ZAgentCommand.safeParse(event.data);
        if (command.success) void commands.run(command.data);
      }
    },
    revoked: () => stop(true),
    refused,
    stopped: () => stopped,
  });
  // The network is back (the browser says so): collect now, so the heartbeat reports and the plays kept
  // meanwhile go at once instead of at the next beat or the push channel's backed-off reconnect.
  const onOnline = () => void collectSoon().then(() => cadence.beat());
  window.addEventListener('online', onOnline);

  // -- heartbeat with the delivery report
  async function heartbeat(): Promise<void> {
    const report: TDeliveryReport = await deliveryReport({
      applied,
      manifest,
      shown: screen.now(),
      files,
      skew,
      version: PLAYER_VERSION,
    });
    try {
      await client.heartbeat('ok', {
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        delivery: report,
        plays_unrecorded: queue.unrecorded,
      });
      await queue.flush(client);
      await uploadPlayerLog(client, log, serial);
    } catch (error) {
      if (refused(error)) stop(true);
    }
  }

  // -- the loop on screen
  function tick() {
    const at = serverNow();
    idleScreen.draw(manifest, at);
    // The stage has the shape of the store's display (its display pattern), centred in the window.
    const aspect = aspectOf(manifest?.display_pattern);
    stage.classList.toggle('boxed', aspect !== null);
    stage.style.setProperty('--aspect', aspect === null ? '' : String(aspect));
    // An emergency message covers everything: the schedule leaves the screen (its play closes) and comes back after.
    const due = dueEmergency(manifest, at, files.verified());
    const schedule =
      manifest && !due ? scheduleAt(manifest, files.verified(), at, screen.playing?.schedule_id ?? null) : null;
    screen.play(schedule);
    emergency.draw(due);
    const playing = screen.playing !== null;
    idle.hidden = playing;
    stage.hidden = !playing;
    if (status.open) status.draw(statusFacts(), at);
  }
  const tickTimer = setInterval(tick, 1000);

  // -- the watchdog: playback must advance; memory must not grow without end
  const watchTimer = setInterval(() => {
    const heap = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize;
    const action = watchdog.look({
      now: Date.now(),
      ...screen.seen(),
      heapBytes: heap ?? null,
      localHour: manifest ? storeHourAt(manifest, serverNow()) : new Date().getUTCHours(),
    });
    if (action.kind === 'none') return;
    log.write('WARNING', `${action.reason} (${screen.now().item?.name ?? 'nothing'})`);
    if (action.kind === 'reload-page') {
      log.reloading(action.reason);
      location.reload();
      return;
    }
    errorScreenshot(`${action.reason} (${screen.now().item?.name ?? 'nothing'})`);
    screen.act(action);
  }, WATCH_EVERY_MS);

  const onStatusKey = (event: KeyboardEvent) => {
    if (event.key === 'i' || event.key === 'I') status.toggle(statusFacts(), serverNow());
  };
  window.addEventListener('keydown', onStatusKey);

  collecting = restore().then(
    () => false,
    () => false,
  );
  void cadence.collected(collectSoon());
}
