/**
 * What the fleet bench reads about processes (Linux /proc): resident memory, CPU time, the open-file limit,
 * the load average; and the generator processes it forks.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { GeneratorCommand, GeneratorReport } from './fleetGenerator';
import { compiled, ROOT } from './processes';

const TICK_MS = 10; // USER_HZ 100

/** Resident memory of a process in bytes (VmRSS). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** CPU time (user + system) a process has used, in ms; 0 once it has gone. */
export function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

export const cpuOfAll = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuOf(pid), 0);

/** The soft and hard open-file limits of this process (children inherit them). */
export function openFileLimit(): { soft: number; hard: number } {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = (line ?? '').replace('Max open files', '').trim().split(/\s+/);
  return { soft: Number(soft), hard: Number(hard) };
}

export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export type Generator = {
  child: ChildProcess;
  tell(command: GeneratorCommand): void;
  next<T extends GeneratorReport['type']>(type: T): Promise<Extract<GeneratorReport, { type: T }>>;
};

let script: string | null = null;

/** A generator process (bench/fleetGenerator.ts compiled as the product is, run on plain node). */
export function startGenerator(): Generator {
  script ??= compiled(join(ROOT, 'bench/fleetGenerator.ts'));
  const child = fork(script, [], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<string, (report: GeneratorReport) => void>();
  child.on('message', (report: GeneratorReport) => {
    const resolve = waiting.get(report.type);
    waiting.delete(report.type);
    resolve?.(report);
  });
  return {
    child,
    tell: (command) => child.send(command),
    next: (type) =>
      new Promise((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`generator exited with ${code}`)));
        waiting.set(type, resolve as (report: GeneratorReport) => void);
      }),
  };
}

export async function stopGenerators(generators: Generator[]): Promise<void> {
  await Promise.all(
    generators.map(
      (g) =>
        new Promise<void>((resolve) => {
          if (g.child.exitCode !== null) return resolve();
          g.child.once('exit', () => resolve());
          g.tell({ type: 'stop' });
        }),
    ),
  );
}

/**
 * CPU of PostgreSQL's backends for this database over a run (not the other databases of the cluster):
 * sampled every 500 ms, since the servers' pools close idle connections and open new ones. A backend first
 * seen during the run counts from 0; what one spent after its last sample before it ended is missed.
 */
export async function sampleBackends(url: string, everyMs = 500) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const name = new URL(url).pathname.slice(1);
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  /** What the backends were doing at each sample: active on CPU, waiting on a lock, on the client... */
  const waits = new Map<string, number>();
  const sample = async (initial: boolean) => {
    const { rows } = await client.query(
      `select pid, state, coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait
       from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    );
    for (const { pid, state, wait } of rows as { pid: number; state: string; wait: string }[]) {
      if (state !== 'idle') waits.set(`${state} ${wait}`, (waits.get(`${state} ${wait}`) ?? 0) + 1);
      const ms = cpuOfAll([pid]);
      if (!first.has(pid)) first.set(pid, initial ? ms : 0);
      if (ms > 0) last.set(pid, ms);
    }
  };
  await sample(true);
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(() => sample(false)).catch(() => undefined);
  }, everyMs);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      await sampling;
      await sample(false);
      await client.end();
      let total = 0;
      for (const [pid, ms] of last) total += ms - (first.get(pid) ?? 0);
      return total;
    },
    waits: () =>
      [...waits]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([what, count]) => `${what} ${count}`)
        .join(', '),
  };
}
