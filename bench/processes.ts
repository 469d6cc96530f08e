/**
 * Shared by the request-path, cold-start and console-wire benches: a fresh PostgreSQL database,
 * the product started as `npm start` starts it, and a bare Fastify hello-world to compare with.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import pg from 'pg';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PASSWORD = 'Bench-Passw0rd-15';
/** Admin connection used to create and drop the bench database. */
export const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `signage_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

export type Started = { port: number; child: ChildProcess; stop: () => Promise<void> };

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/**
 * A server process whose stdout (the request log at the default level) goes to a file, as production's goes
 * to a journal that keeps up: read back through a pipe by this process, which also runs the load generator,
 * the log made the server wait on the pipe and cut /api/users/me from about 8,700 to 950 requests/s. Resolves
 * with the first match of `pattern` in that output (polled: a start-up wait); rejects if the process exits.
 */
async function spawnServer(args: string[], env: NodeJS.ProcessEnv, pattern: RegExp) {
  const logFile = join(tmpdir(), `signage-bench-${process.pid}-${randomBytes(3).toString('hex')}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', fd, 'inherit'] });
  closeSync(fd);
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  for (;;) {
    const out = readFileSync(logFile, 'utf8');
    const match = pattern.exec(out);
    if (match) {
      const stop = stopper(child);
      return { match, child, stop: () => stop().finally(() => rmSync(logFile, { force: true })) };
    }
    if (exited !== undefined) {
      rmSync(logFile, { force: true });
      throw new Error(`process exited with ${exited}: ${out.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Polls until the URL answers 200 (a start-up wait, not a test: there is nothing to subscribe to). */
export async function waitFor200(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export type ProductOptions = {
  databaseUrl?: string;
  dataDir?: string;
  port?: number;
  env?: NodeJS.ProcessEnv;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
};

let serverBuilt = false;

/** The server as `npm start` runs it: built (apps/server/build.mjs) once per bench process, run by plain node. */
export function serverEntry(): string {
  if (!serverBuilt) {
    execFileSync(process.execPath, [join(ROOT, 'apps/server/build.mjs')], { stdio: 'inherit' });
    serverBuilt = true;
  }
  return join(ROOT, 'apps/server/dist/main.mjs');
}

/** The product as `npm start` runs it (the built server, default log level), listening on 127.0.0.1. */
export async function startProduct(options: ProductOptions = {}): Promise<Started & { dataDir: string }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'signage-bench-'));
  const { match, child, stop } = await spawnServer(
    [...(options.nodeArgs ?? []), serverEntry()],
    {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      // Benches measure the server; an embedded nginx would also fight over the RTMP port.
      LIVE_INGEST: 'off',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    /running at http:\/\/[^:]+:(\d+)/,
  );
  return { port: Number(match[1]), child, stop, dataDir };
}

/** Removes a data directory made by startProduct. */
export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A bench's TypeScript server compiled to JavaScript as the product is (packages left to node_modules), so
 * both run on plain node, without a loader. Written under the repository's .tmp/ so its imports resolve.
 */
export function compiled(script: string): string {
  const outfile = join(ROOT, '.tmp', 'bench', `${basename(script, '.ts')}.mjs`);
  buildSync({
    entryPoints: [script],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * A bare Fastify server in its own process, the same runtime (plain node) as the product: the hello-world
 * unless another baseline `script` is named (the upload bench's multipart-to-disk server).
 */
export async function startBare(options: { script?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Started> {
  const script = compiled(join(ROOT, options.script ?? 'bench/bare-fastify.ts'));
  const { match, child, stop } = await spawnServer(
    [script],
    { ...process.env, PORT: '0', ...options.env },
    /listening on (\d+)/,
  );
  return { port: Number(match[1]), child, stop };
}

export async function login(port: number, userId = 'admin', password = PASSWORD): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/users/${userId}/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return cookie;
}
