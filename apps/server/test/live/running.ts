import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import type { App } from '../../src/app';
import { SERVER_DIR } from '../helpers';

/** A TCP port nobody listens on right now (asked of the kernel), for the embedded ingest's RTMP. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until `check` answers something other than undefined, polling every `everyMs`, at most `withinMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { withinMs = 60_000, everyMs = 200 } = {},
): Promise<T> {
  const until = Date.now() + withinMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what} after ${withinMs / 1000} s`);
    await delay(everyMs);
  }
}

type InjectOptions = {
  method?: string;
  url: string;
  headers?: Record<string, string | undefined>;
  payload?: unknown;
  query?: Record<string, string>;
};

/**
 * The subset of app.inject the test fixtures use, answered by a server running in another process over
 * HTTP: the fixtures (sign-in, upload, pairing) then drive the product exactly as `npm start` runs it.
 */
export function httpApp(base: string): App {
  const inject = async (options: InjectOptions | string) => {
    const {
      method = 'GET',
      url,
      headers = {},
      payload,
      query,
    } = typeof options === 'string' ? { url: options } : options;
    const target = new URL(url, base);
    for (const [name, value] of Object.entries(query ?? {})) target.searchParams.set(name, value);
    const sent: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) sent[name.toLowerCase()] = value;
    let body: string | Uint8Array | undefined;
    if (Buffer.isBuffer(payload)) body = new Uint8Array(payload);
    else if (typeof payload === 'string') body = payload;
    else if (payload !== undefined) {
      body = JSON.stringify(payload);
      sent['content-type'] ??= 'application/json';
    }
    const response = await fetch(target, { method, headers: sent, body: body as BodyInit | undefined });
    const raw = Buffer.from(await response.arrayBuffer());
    const text = raw.toString('utf8');
    const headerRecord: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headerRecord[name] = value;
    });
    const cookies = response.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
    return {
      statusCode: response.status,
      headers: headerRecord,
      body: text,
      rawPayload: raw,
      cookies,
      json: () => JSON.parse(text),
    };
  };
  return { inject } as unknown as App;
}

/** The server as `npm start` runs it, in its own process; every line it writes is kept. */
export async function startProductServer(env: Record<string, string>): Promise<{
  base: string;
  child: ChildProcess;
  lines: string[];
  stop: () => Promise<void>;
}> {
  const lines: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let announced: (port: number) => void = () => {};
  const port = new Promise<number>((resolve) => {
    announced = resolve;
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      const match = /running at http:\/\/[^:]+:(\d+)/.exec(line);
      if (match) announced(Number(match[1]));
    });
  }
  const failed = exited.then(() => {
    throw new Error(`the server exited before it was ready:\n${lines.join('\n')}`);
  });
  failed.catch(() => undefined);
  const ready = await Promise.race([port, failed]);
  return {
    base: `http://127.0.0.1:${ready}`,
    child,
    lines,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
