import { performance } from 'node:perf_hooks';
import { containsIllFormedText, containsNulCharacter, MESSAGES, type TDeliveryReport } from '@signage/domain';
import { type Database, outlivesThisProcess } from '../../db/client';
import { rawRows } from '../../db/prepared';
import { isoString } from '../../db/timestamps';
import type { Arrival } from '../../http/arrival';
import { HttpError } from '../../http/envelope';
import { heartbeatUpdate, type RowValues } from './heartbeatStatement';

/** A heartbeat on its way: `sent` once the beat may be answered, `written` with the outcome. */
export type HeartbeatWrite = {
  /**
   * Resolves once the beat will be written even if this process dies now: on a PostgreSQL server, when the
   * statement carrying it has been handed to the driver (the server commits what it received); on the
   * embedded PGlite, which dies with the process, when it is written. Rejects when the beat is refused before
   * that: at once for text no statement can carry (HttpError 400), or with the error of its own statement.
   */
  sent: Promise<void>;
  /**
   * true once written; false when the player no longer holds this token (deleted, revoked or paired again
   * since its token was checked): the write checks the token itself, so a token the request path took from
   * its cache records nothing once it is gone. Rejects when the beat was refused or its statement failed:
   * a batch that fails is written again in halves, so only the beat that fails alone is rejected.
   */
  written: Promise<boolean>;
};

/**
 * How long after its write a player's arrival marks are kept (below). A beat that reaches the writer longer
 * than this after it arrived is too late to be trusted over anything: it is answered, but none of its
 * fields is written (the player's next beat, a minute later, reports again).
 */
export const HEARTBEAT_ORDER_HORIZON_MS = 5 * 60 * 1000;
/**
 * Statements in flight at once (each on its own pooled connection), for disjoint sets of players. One: a
 * statement costs PostgreSQL about 0.3 ms of CPU whether it carries 1 beat or 10, and with more in flight
 * each carries fewer. Measured on the request-path bench's fleet (node and backend CPU per beat): 3 in flight
 * cost about twice the CPU per beat of 1 (node 0.46 + database 0.33 ms against 0.34 + 0.16 ms).
 */
export const HEARTBEAT_STATEMENTS = 1;

type Beat = {
  deviceCode: string;
  tokenHash: string;
  alive: boolean;
  arrival: Arrival;
  zone: string | null;
  delivery: TDeliveryReport | null;
  /** The player's running total of plays it could not record (the latest replaces what is stored). */
  unrecorded: number | null;
};
type Waiting = Beat & { sent: () => void; resolve: (written: boolean) => void; fail: (error: unknown) => void };
/**
 * The arrival numbers of what the last statement that wrote a player's row carried (or carries, while it
 * runs): its alive state and time, its zone, its delivery report, its unrecorded plays. A field of a beat is
 * written only when the beat arrived after the one whose value the row holds; `monoMs` is when the mark was set.
 */
type Marks = { seq: number; zoneSeq: number; deliverySeq: number; unrecordedSeq: number; monoMs: number };
/** One row of a statement: its values, the beats folded into it, the player's marks before it. */
type Row = { values: RowValues; beats: Waiting[]; before: Marks | undefined };

/**
 * Why text cannot go into the statement's JSON parameter, or undefined when it can: a lone surrogate or
 * U+0000, which PostgreSQL's jsonb refuses. The request schemas refuse both already (ZText, the NUL guard);
 * this keeps a caller that skipped them from failing a batch.
 */
function unstorableText(values: unknown): string | undefined {
  if (containsIllFormedText(values)) return MESSAGES.illFormedText;
  if (containsNulCharacter(values)) return MESSAGES.controlCharacters;
  return undefined;
}

/**
 * Writes heartbeats in batches: beats that arrive while statements run are written together in the next one
 * (one row per player), so a fleet's beats cost a statement and a commit per batch, not per beat, and nothing
 * waits for a timer. At most HEARTBEAT_STATEMENTS statements run at once, never two with the same player.
 *
 * Order by arrival, by construction: a player's beats queued together are folded into one row in arrival
 * order (the last beat's alive state and time, the last zone and delivery report any of them carried), and
 * each player's marks say which arrival the stored fields came from. A beat overtaken by a later arrival of
 * its player that was already written or batched (its lookup finished later) writes none of the fields the
 * newer beat set, but gives its zone or delivery report when no newer beat carried one.
 *
 * Marks live HEARTBEAT_ORDER_HORIZON_MS after their write: a beat within the horizon of its arrival that
 * finds no marks arrived after whatever was written before them (written earlier than the horizon), so it is
 * newer in every field; a beat past the horizon writes nothing. The map holds about one entry per player that
 * beat within the horizon (tens of bytes each).
 */
export class HeartbeatWriter {
  private queue: Waiting[] = [];
  private running = 0;
  /** Players in a running statement: their next beats wait for the one after it. */
  private readonly busy = new Set<string>();
  /** Insertion order is the order marks were set: the oldest first, for the sweep. */
  private readonly marks = new Map<string, Marks>();
  /** Callers of settled() waiting for the queue to empty and the statements to end. */
  private idle: (() => void)[] = [];
  /** A beat is `sent` once its statement is handed to the driver (PostgreSQL), else once written. */
  private readonly sentOnDispatch: boolean;

  constructor(private readonly db: Database) {
    this.sentOnDispatch = outlivesThisProcess(db);
  }

  write(beat: Beat): HeartbeatWrite {
    let markSent!: () => void;
    let refuseSent!: (error: unknown) => void;
    let resolve!: (written: boolean) => void;
    let reject!: (error: unknown) => void;
    const sent = new Promise<void>((done, refuse) => {
      markSent = done;
      refuseSent = refuse;
    });
    const written = new Promise<boolean>((done, refuse) => {
      resolve = done;
      reject = refuse;
    });
    // A caller may wait for either or both, and later: a refusal is theirs to see, never an unhandled rejection.
    sent.catch(() => {});
    written.catch(() => {});
    // Once sent, refusing `sent` changes nothing (a settled promise stays settled): the answer has gone.
    const fail = (error: unknown) => {
      refuseSent(error);
      reject(error);
    };
    // Spelled out, not spread: every queued beat has the same shape.
    const { deviceCode, tokenHash, alive, arrival, zone, delivery, unrecorded } = beat;
    const unstorable = unstorableText([deviceCode, tokenHash, zone, delivery]);
    if (unstorable) {
      // Never batched: the jsonb parameter would fail the statement of every player beside it (issue 30).
      fail(new HttpError(400, unstorable));
      return { sent, written };
    }
    this.queue.push({
      deviceCode,
      tokenHash,
      alive,
      arrival,
      zone,
      delivery,
      unrecorded,
      sent: markSent,
      resolve,
      fail,
    });
    this.pump();
    return { sent, written };
  }

  settled(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    while (this.running < HEARTBEAT_STATEMENTS && this.queue.length > 0) {
      const rows = this.take();
      if (rows.length === 0) return;
      this.running++;
      void this.run(rows).finally(() => {
        this.running--;
        this.pump();
        if (this.running === 0 && this.queue.length === 0) for (const resolve of this.idle.splice(0)) resolve();
      });
    }
  }

  /** The next statement's rows: every queued beat of each player not in a running statement. */
  private take(): Row[] {
    const now = performance.now();
    this.sweep(now);
    const groups = new Map<string, Waiting[]>();
    const rest: Waiting[] = [];
    for (const beat of this.queue) {
      if (this.busy.has(beat.deviceCode)) {
        rest.push(beat);
        continue;
      }
      const group = groups.get(beat.deviceCode);
      if (!group) groups.set(beat.deviceCode, [beat]);
      // A player's beats with another token (paired again meanwhile) go in a statement of their own.
      else if (group[0]?.tokenHash === beat.tokenHash) group.push(beat);
      else rest.push(beat);
    }
    this.queue = rest;
    const rows: Row[] = [];
    for (const [code, beats] of groups) {
      this.busy.add(code);
      rows.push(this.fold(code, beats, now));
    }
    return rows;
  }

  /** One player's queued beats as one row, against the marks of what its row holds; sets the new marks. */
  private fold(code: string, beats: Waiting[], now: number): Row {
    const before = this.marks.get(code);
    const marks: Marks = before
      ? { ...before, monoMs: now }
      : { seq: 0, zoneSeq: 0, deliverySeq: 0, unrecordedSeq: 0, monoMs: now };
    const values: RowValues = {
      code,
      token: beats[0]?.tokenHash ?? '',
      alive: null,
      at: null,
      zone: null,
      delivery: null,
      delivery_at: null,
      unrecorded: null,
    };
    beats.sort((a, b) => a.arrival.seq - b.arrival.seq);
    for (const beat of beats) {
      const { seq, wallMs, monoMs } = beat.arrival;
      if (now - monoMs > HEARTBEAT_ORDER_HORIZON_MS) continue;
      const at = isoString(new Date(wallMs));
      if (seq > marks.seq) {
        marks.seq = seq;
        values.alive = beat.alive;
        values.at = at;
      }
      if (beat.zone !== null && seq > marks.zoneSeq) {
        marks.zoneSeq = seq;
        values.zone = beat.zone;
      }
      if (beat.delivery !== null && seq > marks.deliverySeq) {
        marks.deliverySeq = seq;
        values.delivery = beat.delivery;
        values.delivery_at = at;
      }
      if (beat.unrecorded !== null && seq > marks.unrecordedSeq) {
        marks.unrecordedSeq = seq;
        values.unrecorded = beat.unrecorded;
      }
    }
    this.marks.delete(code);
    this.marks.set(code, marks);
    return { values, beats, before };
  }

  /** Drops marks set longer than the horizon ago, from the oldest on. */
  private sweep(now: number): void {
    for (const [code, marks] of this.marks) {
      if (now - marks.monoMs <= HEARTBEAT_ORDER_HORIZON_MS) return;
      if (!this.busy.has(code)) this.marks.delete(code);
    }
  }

  /** A row that wrote nothing (token gone) or failed leaves the marks as they were before it. */
  private restore(row: Row): void {
    this.marks.delete(row.values.code);
    if (row.before) this.marks.set(row.values.code, row.before);
  }

  /**
   * Writes the rows in one statement. One row's values can fail the whole statement (the batch is one
   * parameter), and one player's input must never cost the others their beats: a failed batch is written
   * again in halves, down to the row that fails alone, which alone is refused. A batch with one bad row costs
   * about 2·log2(n) statements more; one that fails for every row (the database gone) 2n - 1, each failing
   * at once. The rows' players stay busy throughout, so their next beats wait as for any statement.
   */
  private async run(rows: Row[]): Promise<void> {
    let written: { device_code: string }[];
    try {
      // Unmapped rows (rawRows): the one column needs no query-builder mapping, per statement.
      const statement = rawRows<{ device_code: string }>(heartbeatUpdate(this.db), {
        beats: JSON.stringify(rows.map((row) => row.values)),
      });
      if (this.sentOnDispatch) for (const row of rows) for (const beat of row.beats) beat.sent();
      written = await statement;
    } catch (error) {
      if (rows.length > 1) {
        const half = Math.ceil(rows.length / 2);
        await this.run(rows.slice(0, half));
        await this.run(rows.slice(half));
        return;
      }
      for (const row of rows) {
        this.busy.delete(row.values.code);
        this.restore(row);
        for (const beat of row.beats) beat.fail(error);
      }
      return;
    }
    const codes = new Set(written.map((w) => w.device_code));
    for (const row of rows) {
      this.busy.delete(row.values.code);
      const ok = codes.has(row.values.code);
      if (!ok) this.restore(row);
      for (const beat of row.beats) {
        beat.sent();
        beat.resolve(ok);
      }
    }
  }
}
