/**
 * What the fleet bench reads about processes (Linux /proc): resident memory, CPU time, the open-file limit,
 * the load average; and the generator processes it forks.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
