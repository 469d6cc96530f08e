/**
 * CPU time of the processes a bench loads, from Linux /proc (user + system, USER_HZ 100): the product's
 * process, and the PostgreSQL backends connected to the bench's database (the product's pool), so a bench
 * can print what a request costs the server and the database apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';

const TICK_MS = 10;

/** CPU ms a process has used so far (0 once it is gone). */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the command: state is field 0, utime field 11, stime field 12.
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU ms each thread of a process has used, by thread id (mixed-load.ts: the embedded database's thread). */
export function threadCpu(pid: number): Map<string, number> {
  const threads = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      threads.set(tid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads;
}

/**
 * CPU ms used so far by each PostgreSQL backend connected to `database` (other than the one asking), by pid:
 * a backend that connected or went between two readings must not count as CPU gained or lost.
 */
export async function postgresCpuMs(databaseUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(rows.map((row) => [row.pid, processCpuMs(row.pid)]));
  } finally {
    await client.end();
  }
}

type Reading = { server: number; postgres: Map<number, number> };

/** CPU ms of the server and of its PostgreSQL backends, read together. */
export async function cpuNow(pid: number, databaseUrl: string | null): Promise<Reading> {
  return { server: processCpuMs(pid), postgres: databaseUrl ? await postgresCpuMs(databaseUrl) : new Map() };
}

/** The per-request CPU between two readings, e.g. "0.41 ms node + 0.20 ms PostgreSQL". */
export function perRequest(
  before: Reading,
  after: Reading,
  requests: number,
): { server: number; postgres: number; text: string } {
  const server = (after.server - before.server) / Math.max(requests, 1);
  // Backends there at both readings by their difference, new ones by all they used.
  let used = 0;
  for (const [pid, ms] of after.postgres) used += ms - (before.postgres.get(pid) ?? 0);
  const postgres = used / Math.max(requests, 1);
  return { server, postgres, text: `${server.toFixed(3)} ms node + ${postgres.toFixed(3)} ms PostgreSQL` };
}

/** The 1, 5 and 15 minute load averages, as printed beside every figure. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
