/**
 * One live stream on a player (issue 14), as a pure state machine so that its resilience is tested without a
 * browser: liveView.ts feeds it what it learns (the playlist probe's answer, the server's `live` push event, the
 * video's position every second, hls.js giving up, the watchdog's reload) and carries out the effects it returns
 * (probe the playlist later, attach or destroy hls.js).
 *
 * Phases:
 * - off_air: the live image is on screen; the playlist is probed every 5-15 s (backoff with jitter), or every
 *   second for a while after the server said the stream went on air (its first segment may take a moment).
 * - available: the playlist answers but this stream is not the one on screen (another stream of the schedule is).
 * - connecting: hls.js loads the stream; the live image stays until frames advance (never a black frame).
 * - on_air: frames advance; the stream is on screen.
 * - frozen: frames stopped advancing for FREEZE_MS; the live image covers the still frame while hls.js catches
 *   up; frames advancing again bring the stream back, the watchdog's reload (a `failed` signal) ends it.
 */
export type LivePhase = 'off_air' | 'available' | 'connecting' | 'on_air' | 'frozen';

export type LiveSignal =
  /** The playlist answered 200 (on), 404 or 403 (off), or not at all (a network error, a 5xx). */
  | { kind: 'probe'; result: 'on' | 'off' | 'unreachable' }
  /** The push channel's `live` event for this stream. */
  | { kind: 'event'; onAir: boolean }
  /** Every second while hls.js is attached: the video's position. */
  | { kind: 'frame'; time: number }
  /** hls.js gave up (a fatal error it could not recover), or the watchdog reloads a stalled stream. */
  | { kind: 'failed' }
  /** The view chose this stream for the screen. */
  | { kind: 'chosen' }
  /** Every second, for timeouts. */
  | { kind: 'tick' };

export type LiveEffect = { kind: 'probe'; inMs: number } | { kind: 'connect' } | { kind: 'disconnect' };

/** Frames not advancing for this long: the live image covers the still frame. */
export const FREEZE_MS = 3_000;
/** hls.js attached for this long without a frame advancing: it is given up and the playlist probed again. */
export const CONNECT_MS = 20_000;
/** After the server said 'on air': probe every second for this long (the first segment takes a moment). */
export const HINT_MS = 30_000;
export const HINT_PROBE_MS = 1_000;
/** The off-air probe: at least this long apart, widening up to PROBE_MAX_MS with each answer that says off. */
export const PROBE_MIN_MS = 5_000;
export const PROBE_MAX_MS = 15_000;

/**
 * How long to wait before the next off-air probe after `attempt` answers that said off: 5 s plus a jitter that
 * widens with each attempt (5-7.5 s, 5-10 s, then 5-15 s), so a fleet whose stream stopped does not ask in step.
 */
export function probeDelayMs(attempt: number, random: () => number = Math.random): number {
  const spread = Math.min(PROBE_MAX_MS - PROBE_MIN_MS, 2_500 * 2 ** Math.max(0, attempt));
  return Math.round(PROBE_MIN_MS + random() * spread);
}

export class LiveMachine {
  phase: LivePhase = 'off_air';
  /** When the current phase began. */
  since: number;
  private attempt = 0;
  /** Failures in a row (hls.js gave up, nothing played): the first is retried in a second, later ones back off. */
  private failures = 0;
  private hintUntil = 0;
  private lastTime = -1;
  private lastAdvance = 0;

  constructor(
    now: number,
    private readonly random: () => number = Math.random,
  ) {
    this.since = now;
  }

  /** The first probe, at once. */
  start(): LiveEffect[] {
    return [{ kind: 'probe', inMs: 0 }];
  }

  /** Whether the stream itself (not the live image) is on screen. */
  get streaming(): boolean {
    return this.phase === 'on_air';
  }

  on(signal: LiveSignal, now: number): LiveEffect[] {
    switch (signal.kind) {
      case 'probe':
        return this.probed(signal.result, now);
      case 'event':
        return this.told(signal.onAir, now);
      case 'chosen':
        return this.phase === 'available' ? this.connect(now) : [];
      case 'frame':
        return this.frame(signal.time, now);
      case 'failed':
        return this.phase === 'connecting' || this.phase === 'on_air' || this.phase === 'frozen'
          ? this.offAir(now, true)
          : [];
      case 'tick':
        return this.tick(now);
    }
  }

  private move(phase: LivePhase, now: number): void {
    this.phase = phase;
    this.since = now;
  }

  private probed(result: 'on' | 'off' | 'unreachable', now: number): LiveEffect[] {
    if (this.phase !== 'off_air') return [];
    if (result === 'on') {
      this.attempt = 0;
      this.hintUntil = 0;
      this.move('available', now);
      return [];
    }
    return [this.nextProbe(now)];
  }

  private told(onAir: boolean, now: number): LiveEffect[] {
    if (!onAir) return this.phase === 'off_air' ? [] : this.offAir(now, false);
    if (this.phase !== 'off_air') return [];
    this.hintUntil = now + HINT_MS;
    return [{ kind: 'probe', inMs: 0 }];
  }

  private connect(now: number): LiveEffect[] {
    this.move('connecting', now);
    this.lastTime = -1;
    this.lastAdvance = now;
    return [{ kind: 'connect' }];
  }

  private frame(time: number, now: number): LiveEffect[] {
    if (this.phase !== 'connecting' && this.phase !== 'on_air' && this.phase !== 'frozen') return [];
    const advanced = this.lastTime >= 0 && time > this.lastTime;
    this.lastTime = time;
    if (advanced) {
      this.lastAdvance = now;
      this.failures = 0;
      if (this.phase !== 'on_air') this.move('on_air', now);
    } else if (this.phase === 'on_air' && now - this.lastAdvance >= FREEZE_MS) {
      this.move('frozen', now);
    }
    return [];
  }

  private tick(now: number): LiveEffect[] {
    if (this.phase === 'connecting' && now - this.since >= CONNECT_MS) return this.offAir(now, true);
    return [];
  }

  /**
   * Off air: hls.js goes, the live image shows, the playlist is probed: a second after a first failure (it may
   * have been a hiccup), with the off-air backoff after an announced stop or failures in a row.
   */
  private offAir(now: number, failed: boolean): LiveEffect[] {
    const attached = this.phase !== 'available';
    this.move('off_air', now);
    this.attempt = 0;
    this.hintUntil = 0;
    const effects: LiveEffect[] = attached ? [{ kind: 'disconnect' }] : [];
    if (failed && this.failures++ === 0) effects.push({ kind: 'probe', inMs: HINT_PROBE_MS });
    else effects.push({ kind: 'probe', inMs: probeDelayMs(failed ? this.failures - 1 : this.attempt++, this.random) });
    return effects;
  }

  private nextProbe(now: number): LiveEffect {
    if (now < this.hintUntil) return { kind: 'probe', inMs: HINT_PROBE_MS };
    return { kind: 'probe', inMs: probeDelayMs(this.attempt++, this.random) };
  }
}
