import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedIngest } from '../../src/live';
import { ingestPaths, renderEmbeddedNginxConfig } from '../../src/live/ingest/nginxConfig';
import { childrenOf } from '../../src/live/ingest/process';
import { SERVER_DIR, tempDir } from '../helpers';
import { freePort, waitFor } from './running';
import { logCapture } from './support';

/**
 * The embedded nginx as the server supervises it: missing pieces said once and plainly, a stale nginx of a
 * crashed run stopped, a dead nginx restarted (and every broadcast ended), nginx stopped with the server.
 */
const NGINX = '/usr/sbin/nginx';
const MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const started: EmbeddedIngest[] = [];
afterEach(async () => {
  for (const ingest of started.splice(0)) await ingest.stop();
});

function ingestFor(dataDir: string, rtmpPort: number, overrides: { nginxPath?: string; modulePath?: string } = {}) {
  const ingest = new EmbeddedIngest({
    dataDir,
    listenHost: '127.0.0.1',
    rtmpPort,
    nginxPath: overrides.nginxPath ?? NGINX,
    modulePath: overrides.modulePath ?? MODULE,
  });
  started.push(ingest);
  const downs: string[] = [];
  ingest.onDown(async (reason) => {
    downs.push(reason);
  });
  const log = logCapture();
  return { ingest, downs, logs: log.lines, logger: pino({ level: 'info' }, log.stream) };
}

/** Running (a zombie waiting for its new parent to reap it does not count: it holds nothing any more). */
const alive = (pid: number) => {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
};
const pidOf = (dataDir: string) => Number(readFileSync(ingestPaths(dataDir).pid, 'utf8').trim());

describe('the embedded ingest', () => {
  it('says once and plainly that nginx or its RTMP module is missing, and stays unavailable', async () => {
    for (const overrides of [{ nginxPath: '/nonexistent/nginx' }, { modulePath: '/nonexistent/ngx_rtmp_module.so' }]) {
      const { ingest, logs, logger } = ingestFor(tempDir(), await freePort(), overrides);
      await ingest.start('http://127.0.0.1:1/internal/live', logger);
      expect(ingest.state()).toBe('unavailable');
      await waitFor('the log line', async () => (logs.length > 0 ? true : undefined));
      expect(logs).toHaveLength(1);
      const line = JSON.parse(logs[0] ?? '{}');
      expect(line.level).toBe(50);
      expect(line.msg).toContain(Object.values(overrides)[0]);
      expect(line.msg).toContain('apt-get install nginx libnginx-mod-rtmp');
      expect(await ingest.cut('k'.repeat(32), logger)).toBe(false);
    }
  });

  it('stops the nginx a crashed run left, restarts nginx when it dies, and stops it for good on stop', async () => {
    const dataDir = tempDir('signage-ingest-');
    const paths = ingestPaths(dataDir);
    // What a crashed server leaves: its nginx, still running, with the pid file.
    mkdirSync(paths.hls, { recursive: true });
    mkdirSync(paths.temp, { recursive: true });
    const stalePort = await freePort();
    writeFileSync(
      paths.config,
      renderEmbeddedNginxConfig({
        paths,
        modulePath: MODULE,
        listenHost: '127.0.0.1',
        rtmpPort: stalePort,
        hookBaseUrl: 'http://127.0.0.1:1/internal/live',
        hookSecret: 'stale-secret-stale-secret-stale-secret',
      }),
    );
    const stale = spawn(NGINX, ['-p', `${paths.root}/`, '-c', paths.config, '-e', 'stderr'], {
      stdio: 'ignore',
    });
    await waitFor('the stale nginx', async () =>
      existsSync(paths.pid) && pidOf(dataDir) === stale.pid ? true : undefined,
    );

    const { ingest, downs, logs, logger } = ingestFor(dataDir, stalePort);
    await ingest.start('http://127.0.0.1:1/internal/live', logger);
    expect(ingest.state()).toBe('running');
    expect(alive(stale.pid as number)).toBe(false);
    const first = pidOf(dataDir);
    expect(first).not.toBe(stale.pid);
    expect(downs).toHaveLength(1);
    expect(readFileSync(paths.config, 'utf8')).not.toContain('stale-secret');

    // A master killed outright leaves its workers holding the ports: they must go before nginx runs again.
    const workers = childrenOf(first);
    expect(workers.length).toBeGreaterThan(0);
    process.kill(first, 'SIGKILL');
    const second = await waitFor('nginx to run again', async () => {
      const pid = existsSync(paths.pid) ? pidOf(dataDir) : 0;
      return ingest.state() === 'running' && pid !== first && pid > 0 ? pid : undefined;
    });
    expect(alive(second)).toBe(true);
    for (const worker of workers) expect(alive(worker)).toBe(false);
    expect(downs.length).toBeGreaterThanOrEqual(2);
    await waitFor('the restart in the log', async () =>
      logs.some((line) => line.includes('restarting in')) ? true : undefined,
    );

    await ingest.stop();
    expect(ingest.state()).toBe('stopped');
    expect(alive(second)).toBe(false);
    expect(downs.at(-1)).toBe('the server stopped');
  });

  it('ends nginx when the server process exits without stopping it', async () => {
    const dataDir = tempDir('signage-ingest-');
    const server = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'test/live/exitWithoutStop.ts', dataDir, String(await freePort())],
      { cwd: SERVER_DIR, encoding: 'utf8', timeout: 30_000 },
    );
    const [state, master] = server.stdout.trim().split(' ');
    expect(state, server.stderr).toBe('running');
    const pid = Number(master);
    expect(pid).toBeGreaterThan(1);
    try {
      await waitFor('nginx to end with the server', async () => (alive(pid) ? undefined : true), { withinMs: 10_000 });
    } finally {
      // Without the fix nginx outlives the server: this test started it, so this test ends it.
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
