import type { AgentClient, TPlay } from '@signage/agent-client';

const SEQUENCE_KEY = 'signage.player.sequence';
const PENDING_KEY = 'signage.player.plays';
const OPEN_KEY = 'signage.player.open-play';
const BATCH = 500;

/** The player's storage (localStorage in the browser; the tests pass a Map-backed one). */
export type KeyValue = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Proof of play on the player: each play gets the next sequence number of this player when it starts and is
 * kept (across reloads) until the server acknowledges it; sending is idempotent by sequence, so a batch
 * resent after a lost answer counts once.
 */
export class PlayQueue {
  constructor(private readonly store: KeyValue) {}

  pending(): TPlay[] {
    try {
      return JSON.parse(this.store.getItem(PENDING_KEY) ?? '[]') as TPlay[];
    } catch {
      return [];
    }
  }

  /** The sequence for a play starting now (never reused, even if the play is never closed). */
  nextSequence(): number {
    const next = Number(this.store.getItem(SEQUENCE_KEY) ?? '0') + 1;
    this.store.setItem(SEQUENCE_KEY, String(next));
    return next;
  }

  /**
   * A play starting now: written at once (with the time played so far, updated by `progress`), so that a
   * reload or a power cut closes it with what was shown instead of leaving a gap in the sequence.
   */
  start(play: Omit<TPlay, 'sequence' | 'duration_ms'>): TPlay {
    const open: TPlay = { ...play, sequence: this.nextSequence(), duration_ms: 0 };
    this.store.setItem(OPEN_KEY, JSON.stringify(open));
    return open;
  }

  /** The open play has now lasted `durationMs`. */
  progress(durationMs: number): void {
    const open = this.open();
    if (open)
      this.store.setItem(OPEN_KEY, JSON.stringify({ ...open, duration_ms: Math.max(0, Math.round(durationMs)) }));
  }

  /** Ends the open play (if any) with its last recorded duration, or `durationMs`; it is then pending. */
  close(durationMs?: number): void {
    const open = this.open();
    if (!open) return;
    const closed = durationMs === undefined ? open : { ...open, duration_ms: Math.max(0, Math.round(durationMs)) };
    this.store.setItem(PENDING_KEY, JSON.stringify([...this.pending(), closed]));
    this.store.setItem(OPEN_KEY, '');
  }

  private open(): TPlay | null {
    try {
      const text = this.store.getItem(OPEN_KEY);
      return text ? (JSON.parse(text) as TPlay) : null;
    } catch {
      return null;
    }
  }

  /** Sends what is pending (up to 500 a batch); drops what the server holds up to its `acked`. */
  async flush(client: AgentClient): Promise<number> {
    let acked = 0;
    for (;;) {
      const batch = this.pending().slice(0, BATCH);
      if (batch.length === 0) return acked;
      const reply = await client.plays(batch);
      acked = reply.acked;
      const rest = this.pending().filter((play) => play.sequence > reply.acked);
      this.store.setItem(PENDING_KEY, JSON.stringify(rest));
      // Plays after a gap stay until the gap is filled; stop rather than resend them in a loop.
      const sent = new Set(batch.map((play) => play.sequence));
      if (rest.some((play) => sent.has(play.sequence))) return acked;
    }
  }
}
