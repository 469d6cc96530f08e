import fs from 'node:fs';
import path from 'node:path';
import type { LogLevel } from '@signage/domain';

/**
 * A command-line stand-in for store players: announces serials, pairs them with PINs staff issued,
 * sends heartbeats and uploads logs over the real /agent/v1 protocol. Tokens are kept in a small
 * JSON state file so separate invocations act as the same players.
 */
export type SimulatorOptions = { url: string; stateFile: string };
export type CallResult = { serial: string; status: number; message: string };

type Reply = { status: number; body: { result?: string; message?: string; data?: Record<string, unknown> } };

async function call(url: string, pathName: string, body: unknown, token?: string): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(new URL(pathName, url), { method: 'POST', headers, body: JSON.stringify(body) });
  const parsed = (await response.json().catch(() => ({}))) as Reply['body'];
  return { status: response.status, body: parsed };
}

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

const outcome = (serial: string, reply: Reply, success: string): CallResult => ({
  serial,
  status: reply.status,
  message: reply.status === 200 ? success : (reply.body.message ?? `HTTP ${reply.status}`),
});

export async function simulateAnnounce(options: SimulatorOptions, serial: string): Promise<CallResult> {
  const reply = await call(options.url, '/agent/v1/announce', { serial });
  return outcome(serial, reply, `announced (${String(reply.body.data?.state)})`);
}

export async function simulatePair(options: SimulatorOptions, serial: string, pin: string): Promise<CallResult> {
  const reply = await call(options.url, '/agent/v1/pair', { serial, pin });
  if (reply.status === 200) {
    const state = readState(options.stateFile);
    state[serial] = String(reply.body.data?.token);
    writeState(options.stateFile, state);
  }
  return outcome(serial, reply, `paired as ${String(reply.body.data?.device_code)}`);
}

export async function simulateHeartbeat(
  options: SimulatorOptions,
  serial: string,
  status: 'ok' | 'error' = 'ok',
): Promise<CallResult> {
  const token = readState(options.stateFile)[serial];
  const reply = await call(options.url, '/agent/v1/heartbeat', { status }, token);
  return outcome(serial, reply, 'heartbeat sent');
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
  const reply = await call(
    options.url,
    '/agent/v1/logs',
    {
      name: `${level.toLowerCase()}.log`,
      level,
      started_at: started.toISOString(),
      ended_at: now.toISOString(),
      content: `${content}\n`,
    },
    token,
  );
  return outcome(serial, reply, `log uploaded (${String(reply.body.data?.size)} bytes)`);
}
