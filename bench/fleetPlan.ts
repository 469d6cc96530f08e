/**
 * The fleet bench's arithmetic (bench/fleet.ts), kept apart so a test can check it: when each simulated
 * player sends what, how a run's latencies and counts become its verdict, and how the search for the largest
 * fleet that holds moves.
 */

/** The real web player (apps/player/src/cadence.ts): one manifest poll and one heartbeat a minute. */
export const PERIOD_MS = 60_000;
/** Its heartbeat lags its poll by this share of the period in the simulation (the two are independent timers). */
export const BEAT_LAG = 0.5;
export const P99_BUDGET_MS = 200;
export const SERVED_SHARE = 0.99;

export type Planned = { player: number; kind: 'poll' | 'beat'; at: number };

/**
 * The phase of a player in the period: spread evenly over the fleet (player i of n at i/n of the period),
 * so a fleet of n sends 2n requests a minute at a steady rate, as a fleet whose players started at random
 * times does on average.
 */
export const phaseOf = (player: number, players: number) => (player / players) * PERIOD_MS;

/**
 * Every request planned for players [from, to) of a fleet of `players` in [start, start + durationMs), in
 * time order: open loop, each request has its own planned time whatever happened to the ones before.
 */
export function plan(from: number, to: number, players: number, start: number, durationMs: number): Planned[] {
  const out: Planned[] = [];
  for (let player = from; player < to; player++) {
    const phase = phaseOf(player, players);
    for (const [kind, lag] of [
      ['poll', 0],
      ['beat', BEAT_LAG * PERIOD_MS],
    ] as const) {
      for (let at = (phase + lag) % PERIOD_MS; at < durationMs; at += PERIOD_MS)
        out.push({ player, kind, at: start + at });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** The q-quantile (0..1) of sorted values, nearest rank; 0 for none. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(q * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? 0;
}

export type RunCounts = {
  planned: number;
  /** Answered as expected (200, 304) before the run's drain ended. */
  served: number;
  failed: number;
  /** Latency from each served request's planned time (so a request sent late counts its lateness), sorted. */
  latencies: number[];
};

export type Verdict = { p50: number; p99: number; servedShare: number; held: boolean };

export function verdict(counts: RunCounts): Verdict {
  const servedShare = counts.planned === 0 ? 1 : counts.served / counts.planned;
  const p99 = quantile(counts.latencies, 0.99);
  return {
    p50: quantile(counts.latencies, 0.5),
    p99,
    servedShare,
    held: p99 < P99_BUDGET_MS && servedShare >= SERVED_SHARE && counts.failed === 0,
  };
}

/** Merges sorted latency arrays (one per generator) into one sorted array. */
export function mergeSorted(parts: number[][]): number[] {
  return parts.flat().sort((a, b) => a - b);
}

/**
 * The search upward: `start` first, then double the fleet while it holds (up to `max`); after the first miss,
 * bisect between the largest that held and the smallest larger one that missed until they are within
 * `resolution` players. Returns the next size to run, or null when the search is done.
 */
export function nextSize(
  tried: { players: number; held: boolean }[],
  start: number,
  max: number,
  resolution: number,
): number | null {
  if (tried.length === 0) return start;
  const best = Math.max(0, ...tried.filter((t) => t.held).map((t) => t.players));
  const worst = Math.min(...tried.filter((t) => !t.held && t.players > best).map((t) => t.players));
  if (worst === Number.POSITIVE_INFINITY) return best >= max ? null : Math.min(max, best * 2);
  if (worst - best <= resolution) return null;
  const middle = Math.round((best + worst) / 2 / resolution) * resolution;
  return Math.min(worst - resolution, Math.max(best + resolution, middle));
}

/** Which of `count` source addresses a connection uses: 127.0.0.2, 127.0.0.3 ..., `perAddress` each. */
export const sourceAddress = (connection: number, perAddress: number) =>
  `127.0.0.${2 + Math.floor(connection / perAddress)}`;
