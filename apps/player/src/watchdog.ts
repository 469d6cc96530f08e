import type { KeyValue } from './plays';

/**
 * Self-healing (issue 11): the screen must never freeze on a stalled video, a lost timer or an item that never
 * loads, and a page whose memory keeps growing is reloaded at a quiet hour. The decisions are here, pure, so
 * that they are tested without a browser; main.ts feeds them what it sees every few seconds and acts.
 */

/** How often the player looks. */
export const WATCH_EVERY_MS = 5_000;
/** Playback that has not advanced for this long is stalled. */
export const STALL_MS = 15_000;
/**
 * A live stream whose frames have not advanced for this long is reloaded (hls.js destroyed, the playlist probed,
 * the stream attached again); meanwhile the live view already covers the still frame with the live image.
 */
export const STREAM_STALL_MS = 10_000;
/** An item still loading after this long is skipped. */
export const LOAD_MS = 30_000;
/** Local hours in which a reload for memory may happen (03:00-04:59 at the store). */
export const QUIET_HOURS = [3, 4] as const;
/** Memory may grow to this multiple of what the page used after its first minutes, and this much at least. */
export const MEMORY_GROWTH = 3;
export const MEMORY_MIN_GROWTH_BYTES = 300 * 1024 * 1024;

export type Seen = {
  now: number;
  /**
   * What is on screen: nothing to watch (the idle screen, a live image), an image with its planned length, a
   * video or a live stream with its position.
   */
  showing:
    | { kind: 'none' }
    | { kind: 'image'; since: number; seconds: number }
    | { kind: 'video'; time: number; ended: boolean }
    | { kind: 'stream'; time: number };
  /** The next item has been loading since then (null: nothing loading). */
  loadingSince: number | null;
  /** JavaScript heap in use (Chromium), null where the browser does not tell. */
  heapBytes: number | null;
  /** The store's local hour. */
  localHour: number;
};

export type Action =
  | { kind: 'none' }
  | { kind: 'reload-video'; reason: string }
  | { kind: 'reload-stream'; reason: string }
  | { kind: 'skip'; reason: string }
  | { kind: 'reload-page'; reason: string };

export class Watchdog {
  private lastVideoTime = -1;
  private stalledSince: number | null = null;
  private reloadedVideo = false;
  private baselineHeap: number | null = null;
  private readonly startedAt: number;

  constructor(now: number) {
    this.startedAt = now;
  }

  /** A new item is on screen: its history starts afresh. */
  shown(): void {
    this.lastVideoTime = -1;
    this.stalledSince = null;
    this.reloadedVideo = false;
  }

  look(seen: Seen): Action {
    const memory = this.memory(seen);
    if (memory) return memory;
    if (seen.loadingSince !== null && seen.now - seen.loadingSince > LOAD_MS) {
      return { kind: 'skip', reason: `an item did not load in ${LOAD_MS / 1000} s` };
    }
    const { showing } = seen;
    if (showing.kind === 'stream') {
      if (showing.time !== this.lastVideoTime) {
        this.lastVideoTime = showing.time;
        this.stalledSince = null;
        return { kind: 'none' };
      }
      this.stalledSince ??= seen.now;
      if (seen.now - this.stalledSince < STREAM_STALL_MS) return { kind: 'none' };
      // A live stream is reloaded as often as it stalls: there is no next item to skip to.
      this.stalledSince = null;
      return { kind: 'reload-stream', reason: `the live stream stalled at ${showing.time.toFixed(1)} s` };
    }
    if (showing.kind === 'video') {
      if (showing.time !== this.lastVideoTime || showing.ended) {
        this.lastVideoTime = showing.time;
        this.stalledSince = null;
        return { kind: 'none' };
      }
      this.stalledSince ??= seen.now;
      if (seen.now - this.stalledSince < STALL_MS) return { kind: 'none' };
      this.stalledSince = null;
      if (!this.reloadedVideo) {
        this.reloadedVideo = true;
        return { kind: 'reload-video', reason: `the video stalled at ${showing.time.toFixed(1)} s` };
      }
      return { kind: 'skip', reason: `the video stalled again at ${showing.time.toFixed(1)} s` };
    }
    if (
      showing.kind === 'image' &&
      seen.loadingSince === null &&
      seen.now - showing.since > showing.seconds * 1000 + STALL_MS
    ) {
      return { kind: 'skip', reason: 'the loop did not move on from an image' };
    }
    return { kind: 'none' };
  }

  private memory(seen: Seen): Action | null {
    if (seen.heapBytes === null) return null;
    // The baseline: what the page uses once it has settled (its first two minutes).
    if (this.baselineHeap === null) {
      if (seen.now - this.startedAt >= 120_000) this.baselineHeap = seen.heapBytes;
      return null;
    }
    const limit = Math.max(this.baselineHeap * MEMORY_GROWTH, this.baselineHeap + MEMORY_MIN_GROWTH_BYTES);
    if (seen.heapBytes > limit && (QUIET_HOURS as readonly number[]).includes(seen.localHour)) {
      return {
        kind: 'reload-page',
        reason: `memory grew from ${Math.round(this.baselineHeap / 1e6)} MB to ${Math.round(seen.heapBytes / 1e6)} MB`,
      };
    }
    return null;
  }
}

const LOG_KEY = 'signage.player.log';
const RUNNING_KEY = 'signage.player.running';
const RELOAD_KEY = 'signage.player.reload-reason';
const MAX_LINES = 200;
const LEVELS = ['INFO', 'WARNING', 'ERROR'] as const;
export type PlayerLogLevel = (typeof LEVELS)[number];
type Line = { at: string; level: PlayerLogLevel; text: string };

/**
 * What the player tells staff about itself (crashes, reloads, stalls), kept in storage until it is uploaded as
 * a log file (the console's device logs). Bounded: the oldest lines go first.
 */
export class PlayerLog {
  constructor(private readonly store: KeyValue & Pick<Storage, 'removeItem'>) {}

  lines(): Line[] {
    try {
      return JSON.parse(this.store.getItem(LOG_KEY) ?? '[]') as Line[];
    } catch {
      return [];
    }
  }

  write(level: PlayerLogLevel, text: string, at: Date = new Date()): void {
    const lines = [...this.lines(), { at: at.toISOString(), level, text }].slice(-MAX_LINES);
    this.store.setItem(LOG_KEY, JSON.stringify(lines));
  }

  /**
   * At start: says how the previous run ended. A run that never said goodbye (pagehide) stopped unexpectedly
   * (a crash, a power cut, a killed browser); a reload the watchdog asked for says why.
   */
  started(): void {
    const reason = this.store.getItem(RELOAD_KEY);
    if (reason) this.write('WARNING', `restarted by the watchdog: ${reason}`);
    else if (this.store.getItem(RUNNING_KEY))
      this.write('ERROR', 'restarted after an unexpected stop (crash, power cut or killed browser)');
    else this.write('INFO', 'started');
    this.store.removeItem(RELOAD_KEY);
    this.store.setItem(RUNNING_KEY, '1');
  }

  /** The page is going away normally (a reload, a navigation, the browser closing). */
  stopped(): void {
    this.store.removeItem(RUNNING_KEY);
  }

  /** Before a watchdog reload: the next start reports why. */
  reloading(reason: string): void {
    this.store.setItem(RELOAD_KEY, reason);
  }

  /** The log file to upload, or null when there is nothing to say; `sent` then forgets what it held. */
  upload(): { level: PlayerLogLevel; started_at: string; ended_at: string; content: string; count: number } | null {
    const lines = this.lines();
    if (lines.length === 0) return null;
    const level = LEVELS[Math.max(...lines.map((line) => LEVELS.indexOf(line.level)))] ?? 'INFO';
    return {
      level,
      started_at: lines[0]?.at ?? new Date().toISOString(),
      ended_at: lines.at(-1)?.at ?? new Date().toISOString(),
      content: `${lines.map((line) => `${line.at} ${line.level} ${line.text}`).join('\n')}\n`,
      count: lines.length,
    };
  }

  /** Drops the first `count` lines (those uploaded); lines written meanwhile stay. */
  sent(count: number): void {
    this.store.setItem(LOG_KEY, JSON.stringify(this.lines().slice(count)));
  }
}

/** The page's goodbye and its uncaught errors, written to the log; answers what stops listening. */
export function logPageEvents(log: PlayerLog): () => void {
  const onPageHide = () => log.stopped();
  const onError = (event: ErrorEvent) => log.write('ERROR', `script error: ${event.message}`);
  const onRejection = (event: PromiseRejectionEvent) => log.write('ERROR', `unhandled: ${String(event.reason)}`);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
