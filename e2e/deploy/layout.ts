import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E } from '../support/env';
import { S3_BUCKET, s3StorageUrl, startS3rver, waitFor } from '../support/s3';

export { waitFor };

/**
 * The production layout of deploy/ and docs/operations.md on this machine: Debian's nginx with
 * deploy/nginx-lb.conf (its names replaced, nothing else) in front of two server processes (the built
 * apps/server/dist/main.mjs), a PostgreSQL database of their own on 127.0.0.1:5432 and s3rver as the bucket.
 * Everything it writes is under .tmp/deploy-e2e; nginx runs with its own prefix, pid and temp paths there.
 */
const port = Number(process.env.E2E_PORT ?? 18080);
export const LB_PORT = port;
export const SERVER_PORTS = [port + 1, port + 2] as const;
const S3_PORT = port + 3;
export const LB_URL = `http://127.0.0.1:${LB_PORT}`;
export const ADMIN = { id: 'admin', password: 'Admin-deploy-Passw0rd' };
const STORAGE = `http://127.0.0.1:${S3_PORT}`;
const PG_ADMIN_URL = process.env.DEPLOY_E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `signage_deploy_e2e_${port}`;
const WORK = join(E2E.repoRoot, '.tmp', `deploy-e2e-${port}`);

const children = new Map<string, ChildProcess>();

function psql(sql: string): void {
  const result = spawnSync('psql', [PG_ADMIN_URL, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
}

function start(name: string, command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, {
    cwd: E2E.repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  children.set(name, child);
  return child;
}

const serverName = (index: number) => `server-${index + 1}`;
const serverUrl = (index: number) => `http://127.0.0.1:${SERVER_PORTS[index]}`;

/** Starts server `index` (0 or 1) as signage@.service does, with deploy/signage.env's settings for here. */
export function startServer(index: number): ChildProcess {
  const dataDir = join(WORK, serverName(index));
  mkdirSync(dataDir, { recursive: true });
  return start(serverName(index), process.execPath, [join(E2E.repoRoot, 'apps/server/dist/main.mjs')], {
    PORT: String(SERVER_PORTS[index]),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${DATABASE}`),
    STORAGE_URL: s3StorageUrl(STORAGE, S3_BUCKET),
    PUBLIC_URL: LB_URL,
    ADMIN_PASSWORD: ADMIN.password,
    DRAIN_TIMEOUT_SECONDS: '15',
    LOG_LEVEL: 'warn',
    LIVE_INGEST: 'off',
  });
}

export const serverReady = (index: number) => waitFor(`${serverUrl(index)}/api/health`, (status) => status === 200);

/** Stops server `index` with `signal` (SIGTERM: as systemctl stop does; SIGKILL: a crash) and waits for its exit. */
export async function stopServer(index: number, signal: NodeJS.Signals): Promise<number | null> {
  const child = children.get(serverName(index));
  if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  return exited;
}

/** deploy/nginx-lb.conf with what the file says to replace, for this machine. */
function loadBalancerConfig(): string {
  const state = join(WORK, 'nginx');
  for (const folder of ['', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(state, folder), { recursive: true });
  // Run as root (CI), nginx's workers drop to nobody: they must be able to write their temp folders.
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) chmodSync(join(state, folder), 0o777);
  const template = readFileSync(join(E2E.repoRoot, 'deploy/nginx-lb.conf'), 'utf8');
  const rendered = template
    .replaceAll('LB_LISTEN', `127.0.0.1:${LB_PORT}`)
    .replaceAll('SERVER_1', `127.0.0.1:${SERVER_PORTS[0]}`)
    .replaceAll('SERVER_2', `127.0.0.1:${SERVER_PORTS[1]}`)
    .replaceAll('LB_STATE_DIR', state)
    .replaceAll('LB_LOG_DIR', state);
  const file = join(state, 'nginx-lb.conf');
  writeFileSync(file, rendered);
  return file;
}

export async function startLayout(): Promise<void> {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  psql(`drop database if exists ${DATABASE} with (force)`);
  psql(`create database ${DATABASE}`);
  await startS3rver({
    directory: join(WORK, 's3'),
    port: S3_PORT,
    origin: LB_URL,
    spawnWith: (command, args) => start('s3rver', command, args),
  });
  const config = loadBalancerConfig();
  const prefix = join(WORK, 'nginx');
  const test = spawnSync('/usr/sbin/nginx', ['-t', '-q', '-p', prefix, '-c', config], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  start('nginx', '/usr/sbin/nginx', ['-p', prefix, '-c', config, '-g', 'daemon off;']);
  // Both servers at once on the empty database: the migrations run once, the other server waits for them.
  startServer(0);
  startServer(1);
  await Promise.all([serverReady(0), serverReady(1)]);
  await waitFor(`${LB_URL}/api/health`, (status) => status === 200);
}

export async function stopLayout(): Promise<void> {
  for (const [name, child] of [...children.entries()].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    await exited;
  }
  children.clear();
  psql(`drop database if exists ${DATABASE} with (force)`);
}
