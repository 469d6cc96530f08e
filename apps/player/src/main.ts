import './style.css';
import {
  AgentClientError,
  createAgentClient,
  reconnectDelayMs,
  type TDeliveryReport,
  type TManifest,
} from '@signage/agent-client';
import type { TManifestMedia, TManifestSchedule } from '@signage/domain';
import { languageOf, textsOf } from './i18n';
import { MediaStore } from './mediaStore';
import { aspectOf, filesOf, hourIn, IMAGE_SECONDS, isReady, mayDownload, nextScheduleAt, scheduleAt } from './plan';
import { PlayQueue } from './plays';
import { PlayerLog, type Seen, WATCH_EVERY_MS, Watchdog } from './watchdog';

/**
 * The web player (issue 11): pairs with a PIN, collects its manifest on push and on a 60 s poll, downloads
 * and verifies media, plays the current schedule in the store's zone (images for IMAGE_SECONDS, videos to
 * their end, looping, the next item prepared in a second layer), shows the idle screen (clock and store name)
 * otherwise, records every play and confirms what it plays by heartbeat. Offline: the last manifest stays in
 * localStorage, verified media in IndexedDB and the page itself in the service worker's cache, so a reload
 * with the server away plays on. A watchdog reloads a stalled video, skips what does not play or load, and
 * reloads the page at a quiet hour if its memory keeps growing; starts, crashes and what the watchdog did are
 * uploaded as logs. Not yet: live streams.
 */
const PLAYER_VERSION = '0.1.0';
const SERIAL_KEY = 'signage.player.serial';
const TOKEN_KEY = 'signage.player.token';
const MANIFEST_KEY = 'signage.player.manifest';
const HEARTBEAT_MS = 60_000;
const POLL_MS = 60_000;

const app = document.getElementById('app') as HTMLElement;
const t = textsOf(languageOf(location.search, navigator.language));
document.documentElement.lang =
  languageOf(location.search, navigator.language) === 'tw'
    ? 'zh-Hant-TW'
    : languageOf(location.search, navigator.language);
const base = location.origin;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function serialOf(): string {
  const given = new URLSearchParams(location.search).get('serial')?.trim();
  if (given) {
    localStorage.setItem(SERIAL_KEY, given);
    return given;
  }
  const kept = localStorage.getItem(SERIAL_KEY);
  if (kept) return kept;
  const made = `WP-${crypto.getRandomValues(new Uint32Array(2)).reduce((text, n) => text + n.toString(16).toUpperCase().padStart(8, '0'), '')}`;
  localStorage.setItem(SERIAL_KEY, made);
  return made;
}

// ---------------------------------------------------------------- pairing

async function pairingScreen(serial: string): Promise<string> {
  const client = createAgentClient({ baseUrl: base });
  const hint = el('p', { className: 'hint', textContent: t.waiting });
  const error = el('p', { className: 'error', role: 'alert' });
  const digits = el('div', { className: 'pin', ariaLabel: 'PIN' });
  const keypad = el('div', { className: 'keypad' });
  let pin = '';
  const drawPin = () => digits.replaceChildren(...Array.from({ length: 6 }, (_, i) => el('span', {}, pin[i] ?? '')));
  drawPin();
  app.replaceChildren(
    el(
      'section',
      { className: 'screen', ariaLabel: t.serial },
      el('p', { className: 'hint', textContent: t.serial }),
      el('p', { className: 'serial', textContent: serial }),
      hint,
      digits,
      keypad,
      error,
    ),
  );

  return new Promise<string>((resolve) => {
    let submitting = false;
    const submit = async () => {
      if (pin.length !== 6 || submitting) return;
      submitting = true;
      error.textContent = t.pairing;
      try {
        const reply = await client.pair(serial, pin);
        window.removeEventListener('keydown', onKey);
        clearTimeout(announceTimer);
        resolve(reply.token);
      } catch (failure) {
        error.textContent = failure instanceof AgentClientError ? failure.message : t.offline;
        pin = '';
        drawPin();
      } finally {
        submitting = false;
      }
    };
    const press = (key: string) => {
      if (/^\d$/.test(key) && pin.length < 6) pin += key;
      else if (key === 'Backspace') pin = pin.slice(0, -1);
      else if (key === 'Clear') pin = '';
      else if (key === 'Enter') void submit();
      drawPin();
      if (pin.length === 6) void submit();
    };
    const onKey = (event: KeyboardEvent) => press(event.key);
    window.addEventListener('keydown', onKey);
    keypad.append(
      ...['1', '2', '3', '4', '5', '6', '7', '8', '9', 'Clear', '0', 'Enter'].map((key) =>
        el('button', {
          type: 'button',
          textContent: key === 'Clear' ? t.clear : key === 'Enter' ? t.pair : key,
          onclick: () => press(key),
        }),
      ),
    );

    let announceTimer: ReturnType<typeof setTimeout> | undefined;
    const announce = async () => {
      let wait = 10_000;
      try {
        const reply = await client.announce(serial);
        wait = reply.announce_interval_seconds * 1000;
        // The keypad is always there (staff may issue the PIN before the next announce); the hint says what to do.
        const registered = reply.state === 'registered';
        hint.textContent = registered ? t.enterPin : reply.state === 'activated' ? t.pairedElsewhere : t.waiting;
        if (!submitting && error.textContent === t.offline) error.textContent = '';
      } catch {
        error.textContent = t.offline;
      }
      announceTimer = setTimeout(announce, wait);
    };
    void announce();
  });
}

// ---------------------------------------------------------------- playing

type Media = { url: string; bytes: number };

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function kept(): TManifest | null {
  try {
    return JSON.parse(localStorage.getItem(MANIFEST_KEY) ?? 'null') as TManifest | null;
  } catch {
    return null;
  }
}

function startPlayer(token: string, onRevoked: () => void) {
  const client = createAgentClient({ baseUrl: base, token });
  const store = new MediaStore();
  const queue = new PlayQueue(localStorage);
  queue.close(); // a play left open by a reload or power cut ends with what was recorded
  const log = new PlayerLog(localStorage);
  log.started();
  const onPageHide = () => log.stopped();
  const onError = (event: ErrorEvent) => log.write('ERROR', `script error: ${event.message}`);
  const onRejection = (event: PromiseRejectionEvent) => log.write('ERROR', `unhandled: ${String(event.reason)}`);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const media = new Map<string, Media>();
  // The last manifest, kept so that a reload without the server still knows the store and its zone.
  let manifest: TManifest | null = kept();
  let applied: string | null = null;
  let skew: number | null = null;
  let lastSync: Date | null = null;
  let download: TDeliveryReport['download'] = null;
  let stopped = false;

  const stage = el('div', { className: 'stage' });
  const layers = [0, 1].map(() => el('div', { className: 'layer' }));
  stage.append(...layers);
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
    clearInterval(heartbeatTimer);
    clearTimeout(itemTimer);
    clearInterval(watchTimer);
    window.removeEventListener('keydown', onStatusKey);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    log.stopped(); // a revoked player pairs again in this page: its next start is not a crash
    for (const item of media.values()) URL.revokeObjectURL(item.url);
    if (revoked) onRevoked();
  };
  const refused = (error: unknown) => error instanceof AgentClientError && error.status === 401;

  // -- collect and download
  async function collect(): Promise<void> {
    const answer = await client.manifest(manifest?.version);
    if (Number.isFinite(answer.serverTime)) skew = Date.now() - answer.serverTime;
    lastSync = new Date();
    if (answer.changed) {
      manifest = answer.manifest;
      localStorage.setItem(MANIFEST_KEY, JSON.stringify(manifest));
    }
    if (!manifest) return;
    const now = new Date();
    const wanted = new Map<string, TManifestMedia>();
    for (const schedule of manifest.schedules) {
      if (!mayDownload(schedule, manifest, now)) continue;
      for (const item of filesOf(schedule)) wanted.set(item.content_id, item);
    }
    const missing = [...wanted.values()].filter((item) => !media.has(item.content_id));
    download = missing.length
      ? {
          done_bytes: 0,
          total_bytes: missing.reduce((sum, m) => sum + (m.size ?? 0), 0),
          files_done: 0,
          files_total: missing.length,
        }
      : null;
    for (const item of missing) {
      let blob = await store.get(item.content_id, item.sha256);
      if (!blob) {
        blob = await (await client.media(item.content_id)).blob();
        if (item.sha256 && (await sha256Hex(blob)) !== item.sha256)
          throw new Error(`media ${item.content_id}: sha256 differs`);
        await store.put({ content_id: item.content_id, sha256: item.sha256, blob });
      }
      media.set(item.content_id, { url: URL.createObjectURL(blob), bytes: blob.size });
      if (download) {
        download.files_done += 1;
        download.done_bytes += blob.size;
      }
    }
    download = null;
    const verified = new Set(media.keys());
    // Media no schedule needs any more go (their object URLs too), so memory stays flat over days.
    const needed = new Set(manifest.schedules.flatMap((s) => s.media.map((m) => m.content_id)));
    for (const [id, item] of media) {
      if (!needed.has(id) && id !== showing?.content_id) {
        URL.revokeObjectURL(item.url);
        media.delete(id);
      }
    }
    await store.retain(needed);
    if (manifest.schedules.every((schedule) => filesOf(schedule).length === 0 || isReady(schedule, verified))) {
      applied = manifest.version;
    }
    tick();
    void heartbeat();
  }

  /** After a reload: the kept manifest's media from IndexedDB, so the screen plays before (or without) the server. */
  async function restore(): Promise<void> {
    if (!manifest) return;
    for (const item of manifest.schedules.flatMap((schedule) => filesOf(schedule))) {
      if (media.has(item.content_id)) continue;
      const blob = await store.get(item.content_id, item.sha256);
      if (blob) media.set(item.content_id, { url: URL.createObjectURL(blob), bytes: blob.size });
    }
    tick();
  }

  let collecting: Promise<void> = Promise.resolve();
  const collectSoon = () => {
    collecting = collecting.then(collect).catch((error) => {
      if (refused(error)) stop(true);
    });
    return collecting;
  };

  // -- push, with the poll as the fallback
  const abort = new AbortController();
  (async () => {
    let failures = 0;
    while (!stopped) {
      try {
        for await (const event of client.events(abort.signal)) {
          failures = 0;
          if (event.event === 'revoked') return stop(true);
          void collectSoon();
        }
      } catch (error) {
        if (refused(error)) return stop(true);
      }
      if (stopped) return;
      await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(failures++)));
    }
  })();
  const poll = () => {
    if (stopped) return;
    setTimeout(() => void collectSoon().then(poll), POLL_MS + Math.random() * 10_000);
  };
  poll();

  // -- heartbeat with the delivery report
  async function heartbeat(): Promise<void> {
    const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
    const report: TDeliveryReport = {
      applied_version: applied,
      pending_version: manifest && manifest.version !== applied ? manifest.version : null,
      on_screen: {
        kind: showing ? 'schedule' : 'idle',
        schedule_id: current?.schedule_id ?? null,
        content_id: showing?.content_id ?? null,
        since: new Date(shownSince - (skew ?? 0)).toISOString(),
      },
      download,
      cache_bytes: [...media.values()].reduce((sum, item) => sum + item.bytes, 0),
      quota_bytes: estimate?.quota ? Math.round(estimate.quota) : null,
      clock_skew_ms: skew === null ? null : Math.round(skew),
      player_version: PLAYER_VERSION,
    };
    try {
      await client.heartbeat('ok', { time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone, delivery: report });
      await queue.flush(client);
      const file = log.upload();
      if (file) {
        const stamp = file.ended_at.replace(/\D/g, '').slice(0, 14);
        await client.uploadLog({
          name: `player-${serialOf().replace(/[^A-Za-z0-9._-]/g, '_')}-${stamp}.log`,
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
  const heartbeatTimer = setInterval(() => void heartbeat(), HEARTBEAT_MS);

  // -- the loop on screen
  let current: TManifestSchedule | null = null;
  let showing: TManifestMedia | null = null;
  let shownSince = Date.now();
  let front = 0;
  let index = -1;
  /** An item is being prepared in the back layer (decoding, buffering): the loop waits for it. */
  let preparing = false;
  let loadingSince = 0;
  let itemTimer: ReturnType<typeof setTimeout> | undefined;

  function elementFor(item: TManifestMedia): HTMLImageElement | HTMLVideoElement {
    const url = media.get(item.content_id)?.url ?? '';
    if (item.type === 'movie') {
      const video = el('video', { src: url, muted: true, playsInline: true, preload: 'auto', className: 'media' });
      video.setAttribute('muted', '');
      return video;
    }
    return el('img', { src: url, alt: item.name, className: 'media' });
  }

  function showNext() {
    clearTimeout(itemTimer);
    queue.close(Date.now() - shownSince);
    const files = current ? filesOf(current) : [];
    if (!current || files.length === 0) return;
    index = (index + 1) % files.length;
    const item = files[index] as TManifestMedia;
    const next = elementFor(item);
    preparing = true;
    loadingSince = Date.now();
    const back = 1 - front;
    layers[back]?.replaceChildren(next);
    const reveal = () => {
      preparing = false;
      watchdog.shown();
      layers[back]?.classList.add('shown');
      layers[front]?.classList.remove('shown');
      const old = layers[front]?.firstElementChild;
      if (old instanceof HTMLVideoElement) old.pause();
      layers[front]?.replaceChildren();
      front = back;
      showing = item;
      shownSince = Date.now();
      queue.start({
        content_id: item.content_id,
        schedule_id: current?.schedule_id ?? null,
        started_at: new Date(shownSince - (skew ?? 0)).toISOString(),
        utc_offset_minutes: -new Date().getTimezoneOffset(),
      });
      if (next instanceof HTMLVideoElement) {
        next.onended = showNext;
        next.onerror = showNext;
        void next.play().catch(showNext);
      } else {
        itemTimer = setTimeout(showNext, IMAGE_SECONDS * 1000);
      }
    };
    if (next instanceof HTMLVideoElement) {
      next.oncanplay = () => {
        next.oncanplay = null;
        reveal();
      };
    } else
      next.decode().then(reveal, () => {
        preparing = false;
        showNext();
      });
  }

  function tick() {
    const now = new Date();
    clock.textContent = new Intl.DateTimeFormat(document.documentElement.lang, {
      ...(manifest ? { timeZone: manifest.time_zone } : {}),
      hour: '2-digit',
      minute: '2-digit',
    }).format(now);
    storeName.textContent = manifest?.fallback.store_name ?? '';
    // The stage has the shape of the store's display (its display pattern), centred in the window.
    const aspect = aspectOf(manifest?.display_pattern);
    stage.classList.toggle('boxed', aspect !== null);
    stage.style.setProperty('--aspect', aspect === null ? '' : String(aspect));
    if (showing) queue.progress(Date.now() - shownSince);
    const next = manifest ? scheduleAt(manifest, new Set(media.keys()), new Date(now.getTime() - (skew ?? 0))) : null;
    if (next?.schedule_id !== current?.schedule_id || (next && !showing && !preparing)) {
      current = next;
      index = -1;
      if (current) showNext();
      else {
        queue.close(Date.now() - shownSince);
        clearTimeout(itemTimer);
        showing = null;
        shownSince = Date.now();
        for (const layer of layers) {
          layer.replaceChildren();
          layer.classList.remove('shown');
        }
      }
    }
    idle.hidden = current !== null;
    stage.hidden = current === null;
    if (!status.hidden) drawStatus(now);
  }
  const tickTimer = setInterval(tick, 1000);

  // -- the watchdog: playback must advance; memory must not grow without end
  const watchdog = new Watchdog(Date.now());
  const watchTimer = setInterval(() => {
    const onScreen = layers[front]?.firstElementChild;
    const heap = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize;
    const seen: Seen = {
      now: Date.now(),
      showing: !showing
        ? { kind: 'none' }
        : onScreen instanceof HTMLVideoElement
          ? { kind: 'video', time: onScreen.currentTime, ended: onScreen.ended }
          : { kind: 'image', since: shownSince, seconds: IMAGE_SECONDS },
      loadingSince: preparing ? loadingSince : null,
      heapBytes: heap ?? null,
      localHour: hourIn(manifest?.time_zone ?? 'UTC', new Date(Date.now() - (skew ?? 0))),
    };
    const action = watchdog.look(seen);
    if (action.kind === 'none') return;
    log.write('WARNING', `${action.reason} (${showing?.name ?? 'nothing'})`);
    if (action.kind === 'reload-video' && onScreen instanceof HTMLVideoElement) {
      const at = onScreen.currentTime;
      onScreen.load();
      onScreen.currentTime = at;
      void onScreen.play().catch(showNext);
    } else if (action.kind === 'skip') {
      preparing = false;
      showNext();
    } else if (action.kind === 'reload-page') {
      log.reloading(action.reason);
      location.reload();
    }
  }, WATCH_EVERY_MS);

  function drawStatus(now: Date) {
    const next = manifest ? nextScheduleAt(manifest, now) : null;
    const rows: [string, string][] = [
      [t.serial, serialOf()],
      [t.store, manifest?.fallback.store_name ?? '-'],
      [t.version, PLAYER_VERSION],
      [t.plan, applied?.slice(0, 12) ?? '-'],
      [t.lastSync, lastSync?.toLocaleTimeString() ?? '-'],
      [t.cache, `${Math.round([...media.values()].reduce((s, m) => s + m.bytes, 0) / 1000)} KB`],
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

  collecting = restore().catch(() => undefined);
  void collectSoon();
}

/** The service worker keeps this page for offline starts; durable storage keeps the media from eviction. */
function prepareOffline() {
  navigator.serviceWorker
    ?.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL })
    .catch(() => {
      // no service worker (an insecure origin other than localhost): online starts only
    });
  void navigator.storage?.persist?.().catch(() => false);
}

async function main() {
  const serial = serialOf();
  let token = localStorage.getItem(TOKEN_KEY);
  if (!token) {
    token = await pairingScreen(serial);
    localStorage.setItem(TOKEN_KEY, token);
  }
  startPlayer(token, () => {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(MANIFEST_KEY);
    prepareOffline();
    void main();
  });
}

prepareOffline();
void main();
