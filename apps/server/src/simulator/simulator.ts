import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AgentClientError, createAgentClient, type TPlay } from '@signage/agent-client';
import type { LogLevel } from '@signage/domain';
import { sha256 } from '../blob';

/**
 * A command-line stand-in for store players: announces serials, pairs them with PINs staff issued,
 * sends heartbeats and uploads logs over the real /agent/v1 protocol, through the agent client. Tokens
 * are kept in a small JSON state file so separate invocations act as the same players.
 */
export type SimulatorOptions = { url: string; stateFile: string; fetch?: typeof fetch };
export type CallResult = { serial: string; status: number; message: string };

function readState(file: string): Record<string, string> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

function writeState(file: string, state: Record<string, string>): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(state, null, 2), { mode: 0o600 });
}

const clientOf = (options: SimulatorOptions, token?: string) =>
  createAgentClient({ baseUrl: options.url, token, fetch: options.fetch });

/** The agent client of a serial paired by this simulator (its token from the state file), or null. */
export function pairedClientOf(options: SimulatorOptions, serial: string) {
  const token = readState(options.stateFile)[serial];
  return token ? clientOf(options, token) : null;
}

/** Runs one call: its success line, or the server's status and message (a network failure is status 0). */
async function attempt(serial: string, run: () => Promise<string>): Promise<CallResult> {
  try {
    return { serial, status: 200, message: await run() };
  } catch (error) {
    if (error instanceof AgentClientError) return { serial, status: error.status, message: error.message };
    return { serial, status: 0, message: (error as Error).message };
  }
}

export async function simulateAnnounce(options: SimulatorOptions, serial: string): Promise<CallResult> {
  return attempt(serial, async () => `announced (${(await clientOf(options).announce(serial)).state})`);
}

export async function simulatePair(options: SimulatorOptions, serial: string, pin: string): Promise<CallResult> {
  return attempt(serial, async () => {
    const reply = await clientOf(options).pair(serial, pin);
    const state = readState(options.stateFile);
    state[serial] = reply.token;
    writeState(options.stateFile, state);
    return `paired as ${reply.device_code}`;
  });
}

export async function simulateHeartbeat(
  options: SimulatorOptions,
  serial: string,
  status: 'ok' | 'error' = 'ok',
): Promise<CallResult> {
  const token = readState(options.stateFile)[serial];
  return attempt(serial, async () => {
    await clientOf(options, token).heartbeat(status);
    return 'heartbeat sent';
  });
}

/** Uploads one log file covering the last hour, with `lines` lines at `level`. */
export async function simulateLogs(
  options: SimulatorOptions,
  serial: string,
  level: LogLevel = 'INFO',
  lines = 20,
  now = new Date(),
): Promise<CallResult> {
  const token = readState(options.stateFile)[serial];
  const started = new Date(now.getTime() - 60 * 60 * 1000);
  const content = Array.from(
    { length: lines },
    (_, i) => `${new Date(started.getTime() + i * 60_000).toISOString()} ${level} player ${serial} event ${i + 1}`,
  ).join('\n');
  return attempt(serial, async () => {
    const reply = await clientOf(options, token).uploadLog({
      name: `${level.toLowerCase()}.log`,
      level,
      started_at: started.toISOString(),
      ended_at: now.toISOString(),
      content: `${content}\n`,
    });
    return `log uploaded (${reply.size} bytes)`;
  });
}

/**
 * Fetches the player's manifest, polls it again with its version (an unchanged manifest answers 304) and,
 * with `download`, fetches every media file of it and checks its size and sha256.
 */
export async function simulateManifest(options: SimulatorOptions, serial: string, download = false) {
  const token = readState(options.stateFile)[serial];
  return attempt(serial, async () => {
    const client = clientOf(options, token);
    const first = await client.manifest();
    if (!first.changed) throw new Error('the server answered 304 to a poll without a version');
    const { manifest } = first;
    const again = await client.manifest(manifest.version);
    const media = [...new Map(manifest.schedules.flatMap((s) => s.media).map((m) => [m.content_id, m])).values()];
    let verified = 0;
    if (download) {
      for (const item of media.filter((m) => m.url)) {
        const bytes = Buffer.from(await (await client.media(item.content_id)).arrayBuffer());
        if (bytes.length !== item.size || sha256(bytes) !== item.sha256) {
          throw new Error(`media ${item.content_id}: size or sha256 differs from the manifest`);
        }
        verified++;
      }
    }
    const skew = first.serverTime - Date.now();
    return [
      `manifest ${manifest.version}: ${manifest.schedules.length} schedule(s), ${media.length} media`,
      again.changed ? 're-poll changed' : 're-poll 304',
      ...(download ? [`${verified} media verified`] : []),
      `clock skew ${skew} ms`,
    ].join(', ');
  });
}

/**
 * Sends `count` plays numbered from `from` (one batch) of the manifest's first medium (or a made-up content
 * when nothing is scheduled) and reports the server's acked sequence.
 */
export async function simulatePlays(options: SimulatorOptions, serial: string, from = 1, count = 10, now = new Date()) {
  const token = readState(options.stateFile)[serial];
  return attempt(serial, async () => {
    const client = clientOf(options, token);
    const fetched = await client.manifest();
    const schedule = fetched.changed ? fetched.manifest.schedules[0] : undefined;
    const contentId = schedule?.media[0]?.content_id ?? randomUUID();
    const plays: TPlay[] = Array.from({ length: count }, (_, i) => ({
      sequence: from + i,
      content_id: contentId,
      schedule_id: schedule?.schedule_id ?? null,
      started_at: new Date(now.getTime() - (count - i) * 10_000).toISOString(),
      utc_offset_minutes: -now.getTimezoneOffset(),
      duration_ms: 10_000,
    }));
    const reply = await client.plays(plays);
    return `plays ${from}..${from + count - 1} sent, ${reply.stored} new, acked ${reply.acked}`;
  });
}
