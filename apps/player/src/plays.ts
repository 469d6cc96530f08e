import type { AgentClient, TPlay } from '@signage/agent-client';
import { idbRun, openPlaysDb } from './playsDb';

/** Where the queue of earlier versions lived (localStorage): moved into IndexedDB once, then removed. */
export const LEGACY_KEYS = {
  sequence: 'signage.player.sequence',
  pending: 'signage.player.plays',
  open: 'signage.player.open-play',
} as const;
/** Plays that could not be recorded (storage full or unavailable) since pairing: a cumulative count. */
export const UNRECORDED_KEY = 'signage.player.plays-unrecorded';
const BATCH = 500;

/** The player's small synchronous storage (localStorage in the browser; the tests pass a Map-backed one). */
export type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Proof of play on the player (issue 26): each play is one record in IndexedDB, written when it starts (with
 * the next sequence number of this player, in the same transaction, so a play that cannot be written takes no
 * number and leaves no gap), updated as it lasts and closed when it ends; records are deleted by the sequence
 * the server acknowledged. Per play that is a few small transactions whatever the backlog (the browser's
 * storage does the work, off the thread that draws the screen), so a week offline is about 121,000 records at a
 * 5-second loop, some 30 MB. Sending is idempotent by sequence, so a batch resent after a lost answer counts once.
 *
 * Operations run one after another in the order they were called (a chain); the screen never waits for one.
 * When storage refuses a play (quota, private mode), playback goes on and the play is counted (`unrecorded`),
 * which the heartbeat reports: never a silent loss.
 */
export class PlayQueue {
  private chain: Promise<unknown> = Promise.resolve();
  private db: Promise<IDBDatabase> | null = null;
  /** The play on screen, once its record is written; null when none is (or its record could not be written). */
  private open: TPlay | null = null;
  /** A progress write queued last in the chain: a newer progress updates it instead of queueing another. */
  private queuedProgress: { ms: number } | null = null;
  /** Sequences of the legacy queue, in case its move has not committed: no new play reuses one. */
  private readonly floor: number;
  private lost: number;
  private flushing: Promise<number> | null = null;

  constructor(
    private readonly local: KeyValue,
    private readonly factory: IDBFactory = globalThis.indexedDB,
  ) {
    this.floor = Number(local.getItem(LEGACY_KEYS.sequence) ?? '0') || 0;
    this.lost = Number(local.getItem(UNRECORDED_KEY) ?? '0') || 0;
    this.enqueue(() => this.moveLegacy());
  }

  /** Plays that could not be recorded since pairing (cumulative: a resent heartbeat never counts one twice). */
  get unrecorded(): number {
    return this.lost;
  }

  /** Resolves once every operation called so far has run (tests and the capacity check wait on it). */
  settled(): Promise<void> {
    return this.enqueue(async () => undefined);
  }

  /**
   * A play starting now: its record is written at once (duration 0, then updated by `progress`), so that a
   * reload or a power cut leaves it with what was shown instead of a gap in the sequence.
   */
  start(play: Omit<TPlay, 'sequence' | 'duration_ms'>): void {
    this.enqueue(async () => {
      await this.closeOpen(undefined);
      try {
        this.open = await this.append(play);
      } catch {
        this.open = null;
        this.countUnrecorded();
      }
    });
  }

  /** The open play has now lasted `durationMs` (called every second: consecutive calls write once). */
  progress(durationMs: number): void {
    const ms = Math.max(0, Math.round(durationMs));
    if (this.queuedProgress) {
      this.queuedProgress.ms = ms;
      return;
    }
    const queued = { ms };
    this.enqueue(async () => {
      if (this.queuedProgress === queued) this.queuedProgress = null;
      if (!this.open) return;
      this.open = { ...this.open, duration_ms: queued.ms };
      await this.put(this.open).catch(() => undefined); // storage full: the record keeps its last duration
    });
    this.queuedProgress = queued;
  }

  /** Ends the open play (if any) with `durationMs`, or the last duration recorded; it is then sent. */
  close(durationMs?: number): void {
    const ms = durationMs === undefined ? undefined : Math.max(0, Math.round(durationMs));
    this.enqueue(() => this.closeOpen(ms));
  }

  /** Sends what is recorded (500 a batch), oldest first; deletes what the server holds up to its `acked`. */
  flush(client: AgentClient): Promise<number> {
    this.flushing ??= this.send(client).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** The plays recorded and not yet acknowledged, the open one included (tests and checks; reads them all). */
  pending(): Promise<TPlay[]> {
    return this.enqueue(async () => idbRun<TPlay[]>(await this.database(), 'readonly', (s) => s.plays.getAll()));
  }

  private async send(client: AgentClient): Promise<number> {
    let acked = 0;
    for (;;) {
      const batch = await this.enqueue(() => this.nextBatch());
      if (batch.length === 0) return acked;
      const reply = await client.plays(batch);
      acked = reply.acked;
      await this.enqueue(() => this.acknowledge(reply.acked));
      // Plays after a gap stay until the gap is filled; stop rather than resend them in a loop.
      if (batch.some((play) => play.sequence > reply.acked)) return acked;
    }
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    this.queuedProgress = null;
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private database(): Promise<IDBDatabase> {
    if (!this.db) {
      // A database that could not open, or was closed under the player, is opened again at the next operation.
      const forget = () => {
        if (this.db === opening) this.db = null;
      };
      const opening = openPlaysDb(this.factory, forget);
      opening.catch(forget);
      this.db = opening;
    }
    return this.db;
  }

  /** Writes a starting play with the next sequence, both in one transaction (all or nothing). */
  private async append(play: Omit<TPlay, 'sequence' | 'duration_ms'>): Promise<TPlay> {
    const made: { play?: TPlay } = {};
    await idbRun(await this.database(), 'readwrite', ({ plays, meta, step }) => {
      const last = meta.get('sequence');
      last.onsuccess = () =>
        step(() => {
          const sequence = Math.max(Number(last.result ?? 0), this.floor) + 1;
          const next = { ...play, sequence, duration_ms: 0 };
          meta.put(sequence, 'sequence');
          plays.add(next);
          made.play = next;
        });
      return last;
    });
    if (!made.play) throw new Error('play not written');
    return made.play;
  }

  private async put(play: TPlay): Promise<void> {
    await idbRun(await this.database(), 'readwrite', (s) => s.plays.put(play));
  }

  private async closeOpen(durationMs: number | undefined): Promise<void> {
    const open = this.open;
    if (!open) return;
    this.open = null;
    if (durationMs === undefined) return; // already holds its last recorded duration
    await this.put({ ...open, duration_ms: durationMs }).catch(() => undefined);
  }

  private countUnrecorded(): void {
    this.lost += 1;
    try {
      this.local.setItem(UNRECORDED_KEY, String(this.lost));
    } catch {
      // kept in memory: the heartbeat still reports it
    }
  }

  /** The oldest recorded plays but the one on screen (its duration is not final yet). */
  private async nextBatch(): Promise<TPlay[]> {
    const rows = await idbRun<TPlay[]>(await this.database(), 'readonly', (s) => s.plays.getAll(undefined, BATCH + 1));
    return rows.filter((play) => play.sequence !== this.open?.sequence).slice(0, BATCH);
  }

  /**
   * Deletes what the server holds, then notes the mark (for moveLegacy) in a transaction of its own: a storage
   * over its quota may refuse that write, never the delete that frees room.
   */
  private async acknowledge(acked: number): Promise<void> {
    if (acked < 1) return;
    const db = await this.database();
    await idbRun(db, 'readwrite', ({ plays }) => plays.delete(IDBKeyRange.upperBound(acked)));
    await idbRun(db, 'readwrite', ({ meta, step }) => {
      const held = meta.get('acked');
      held.onsuccess = () => step(() => meta.put(Math.max(Number(held.result ?? 0), acked), 'acked'));
      return held;
    }).catch(() => undefined);
  }

  /**
   * The queue of earlier versions (a localStorage list rewritten at every play) moves into IndexedDB once: its
   * plays (and one left open, with what it recorded) are put by sequence in one transaction, the sequence
   * carried over, and the keys removed once that transaction committed. Put by sequence, and skipping what the
   * server already acknowledged, the move can run again after a reload at any point without losing or
   * doubling a play.
   */
  private async moveLegacy(): Promise<void> {
    const pendingText = this.local.getItem(LEGACY_KEYS.pending);
    const openText = this.local.getItem(LEGACY_KEYS.open);
    if (pendingText === null && !openText && this.floor === 0) return;
    const plays = [...parsed<TPlay[]>(pendingText, []), ...(openText ? [parsed<TPlay | null>(openText, null)] : [])]
      .filter((play): play is TPlay => play !== null && Number.isInteger(play.sequence))
      .map((play) => ({ ...play, duration_ms: Math.max(0, Math.round(play.duration_ms || 0)) }));
    try {
      await idbRun(await this.database(), 'readwrite', ({ plays: store, meta, step }) => {
        const acked = meta.get('acked');
        const last = meta.get('sequence');
        last.onsuccess = () =>
          step(() => {
            const highest = plays.reduce((top, play) => Math.max(top, play.sequence), this.floor);
            meta.put(Math.max(Number(last.result ?? 0), highest), 'sequence');
            for (const play of plays) if (play.sequence > Number(acked.result ?? 0)) store.put(play);
          });
        return last;
      });
    } catch {
      return; // storage refused: the legacy queue stays where it is and is moved at the next start
    }
    for (const key of Object.values(LEGACY_KEYS)) this.local.removeItem(key);
  }
}

function parsed<T>(text: string | null, otherwise: T): T {
  if (!text) return otherwise;
  try {
    return (JSON.parse(text) as T) ?? otherwise;
  } catch {
    return otherwise;
  }
}
