import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** The PostgreSQL channel every server process LISTENs on for the players' push channel. */
export const PUSH_CHANNEL = 'agent_push';

/**
 * One notification: `m` tells the named players to collect their manifest now (`r`: why, for logs), `x` that
 * they were deleted (their channel closes), `l` that live content `c` went on air (`on`) or off. `all` stands
 * for every player (the listener reconnected: notifications may have been lost).
 */
export type PushMessage =
  | { k: 'm'; d: string[]; r: string }
  | { k: 'm'; all: true; r: string }
  | { k: 'x'; d: string[] }
  | { k: 'l'; d: string[]; c: string; on: boolean }
  | { k: 'c'; d: string[]; i: string; n: string; p?: Record<string, unknown> };

/** NOTIFY payloads stop at 8000 bytes; device codes are short, so 200 a message stays well inside. */
const CODES_PER_MESSAGE = 200;

async function send(tx: Database, message: PushMessage): Promise<void> {
  await tx.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${JSON.stringify(message)})`);
}

function batches(codes: Iterable<string>): string[][] {
  const unique = [...new Set(codes)].sort();
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += CODES_PER_MESSAGE) out.push(unique.slice(i, i + CODES_PER_MESSAGE));
  return out;
}

/**
 * Tells these players' open push channels, in every server process, to collect their manifest. Call it with
 * the write's transaction: PostgreSQL delivers a NOTIFY only when its transaction commits, so a write that
 * rolls back tells nobody, and a player that collects at once already sees the change. The push channel only
 * notifies: a write that changes manifests calls the players module's changeManifests, which also marks their
 * delivery pending and then calls this.
 */
export async function notifyPlayers(tx: Database, codes: Iterable<string>, reason: string): Promise<void> {
  // Always by name, however many (issue 32: 'all' beyond 5,000 made every connected player collect): each
  // process resolves the manifests of the named players it holds in one batch per message and sends them.
  for (const d of batches(codes)) await send(tx, { k: 'm', d, r: reason });
}

/** Tells deleted players' channels (in every process) that their token is gone: they get 'revoked' and close. */
export async function revokePlayers(tx: Database, codes: Iterable<string>): Promise<void> {
  for (const d of batches(codes)) await send(tx, { k: 'x', d });
}

/**
 * Tells these players (in every server process) that a live content of their manifest went on or off air, so
 * they start or stop the stream now instead of at their next reload. Call it with the write's transaction:
 * the event goes out only once the broadcast's new state is committed.
 */
export async function notifyLive(tx: Database, codes: Iterable<string>, contentId: string, onAir: boolean) {
  for (const d of batches(codes)) await send(tx, { k: 'l', d, c: contentId, on: onAir });
}

/**
 * Hands a remote command to a player's push channel, in whichever server process holds it. Call it with the
 * transaction that stored the command: it goes out only once the command is committed.
 */
export async function notifyCommand(
  tx: Database,
  deviceCode: string,
  command: { command_id: string; kind: string } & Record<string, unknown>,
) {
  const { command_id, kind, ...rest } = command;
  await send(tx, { k: 'c', d: [deviceCode], i: command_id, n: kind, p: rest });
}

/** Reads a payload of PUSH_CHANNEL; anything else (another version's message) is dropped. */
export function parsePushMessage(payload: string): PushMessage | null {
  try {
    const value = JSON.parse(payload) as Partial<{
      k: string;
      d: unknown;
      r: unknown;
      all: unknown;
      c: unknown;
      on: unknown;
      i: unknown;
      n: unknown;
      p: unknown;
    }>;
    const codes = Array.isArray(value.d) && value.d.every((code) => typeof code === 'string') ? value.d : null;
    if (value.k === 'm' && value.all === true) return { k: 'm', all: true, r: String(value.r ?? '') };
    if (value.k === 'm' && codes) return { k: 'm', d: codes, r: String(value.r ?? '') };
    if (value.k === 'x' && codes) return { k: 'x', d: codes };
    if (value.k === 'l' && codes && typeof value.c === 'string' && typeof value.on === 'boolean') {
      return { k: 'l', d: codes, c: value.c, on: value.on };
    }
    if (value.k === 'c' && codes && typeof value.i === 'string' && typeof value.n === 'string') {
      const p = value.p && typeof value.p === 'object' ? (value.p as Record<string, unknown>) : {};
      return { k: 'c', d: codes, i: value.i, n: value.n, p };
    }
  } catch {
    // Not ours.
  }
  return null;
}
