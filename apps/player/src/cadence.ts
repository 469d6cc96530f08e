/** How often a player polls its manifest and sends its heartbeat: once a minute each, two requests a minute. */
export const POLL_MS = 60_000;
export const HEARTBEAT_MS = 60_000;
/** A player's poll phase, drawn once at start within this: a fleet restarted together does not poll together. */
export const POLL_PHASE_MS = 10_000;

export type CadenceTasks = {
  /** Collects the manifest; resolves true when what the heartbeat reports changed (a new or newly applied version). */
  collect: () => Promise<boolean>;
  heartbeat: () => Promise<void>;
};

type Timers = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
};

/**
 * The player's requests over time (issue 32: the web player sent about 2.8 a minute). A poll every POLL_MS
 * from a phase drawn once (not a new random delay after each poll, which made the period 60-70 s and moved
 * every player's poll against its beat), and a heartbeat every HEARTBEAT_MS. A collect whose result the
 * report must carry (a new version, applied or pending) sends the heartbeat at once, and the next beat comes
 * HEARTBEAT_MS after that one, not in addition: an unchanged poll sends nothing more. So a steady player
 * sends one poll and one heartbeat a minute, whatever the push channel does; a push adds its own collect.
 */
export class Cadence {
  private pollTimer: unknown;
  private beatTimer: unknown;
  private stopped = false;

  constructor(
    private readonly tasks: CadenceTasks,
    private readonly timers: Timers = {
      setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
      clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
    },
    phaseMs = Math.random() * POLL_PHASE_MS,
  ) {
    this.pollTimer = this.timers.setTimeout(() => this.poll(), POLL_MS + phaseMs);
    this.beatTimer = this.timers.setTimeout(() => this.beat(), HEARTBEAT_MS);
  }

  /** A collect outside the poll (start, push, the network back); its result is reported as the poll's is. */
  async collected(changed: Promise<boolean>): Promise<void> {
    if ((await changed.catch(() => false)) && !this.stopped) this.beat();
  }

  /** Sends the heartbeat now; the next one HEARTBEAT_MS from now. */
  beat(): void {
    if (this.stopped) return;
    this.timers.clearTimeout(this.beatTimer);
    this.beatTimer = this.timers.setTimeout(() => this.beat(), HEARTBEAT_MS);
    void this.tasks.heartbeat().catch(() => undefined);
  }

  stop(): void {
    this.stopped = true;
    this.timers.clearTimeout(this.pollTimer);
    this.timers.clearTimeout(this.beatTimer);
  }

  private poll(): void {
    if (this.stopped) return;
    this.pollTimer = this.timers.setTimeout(() => this.poll(), POLL_MS);
    void this.collected(this.tasks.collect());
  }
}
