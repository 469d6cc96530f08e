import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import type { DeviceListFilter } from './scope';

/**
 * The player list's totals, cached per search (issue 15 item 2): counting a search scans its players (a
 * sequential scan of 50-180 ms at 100,000), so a total is kept with the token of `player_list_version` it was
 * counted under, and answered again while a page reads the same token.
 *
 * Why that is right: a trigger gives the row a new random token in every transaction that can change a total
 * (a player inserted or deleted, a column a filter reads changed, device tags or schedule ends written;
 * migration 0017), in the same commit as the change. A page and a count each read the token in their own
 * statement, so each sees the token of its own snapshot: a cached total whose token equals the page's token
 * was counted on a snapshot holding the same writes. A request that starts after a write committed reads the
 * new token and counts again, in this process or any other sharing the database.
 *
 * What the trigger does not see: the heartbeat's and the poll's columns (alive state, last access, delivery
 * report, served manifest), which change every minute per player, and the passing of time (online turns
 * offline, a schedule ends). A search that reads them (is_alive, has_schedule, delivery_pending) keeps its
 * total for at most TIME_BOUND_MS after the count started, on top of the token check.
 */
export const TIME_BOUND_MS = 5_000;
/** Searches kept per database; the least recently used goes first. */
const MAX_ENTRIES = 1_000;

export type Counted = { total: number; token: string };
type Entry = Counted & { until: number };

/** Whether a search's total depends on what the token does not follow (see above). */
export function timeBound(filter: DeviceListFilter): boolean {
  return (
    filter.is_alive !== undefined ||
    filter.has_schedule !== undefined ||
    filter.delivery_pending === true ||
    filter.health !== undefined
  );
}

export class ListTotals {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  private readonly running = new Map<string, Promise<Counted & { until: number }>>();

  /**
   * The total of the search `key` as of a page that read `token`: the cached one when it was counted under
   * the same token (and, when `bounded`, started less than TIME_BOUND_MS ago); else a count already running
   * for the search if it reads the same token; else a new count.
   */
  async total(key: string, token: string, bounded: boolean, count: () => Promise<Counted>): Promise<number> {
    const entry = this.entries.get(key);
    if (entry && entry.token === token && Date.now() < entry.until) return entry.total;
    const pending = this.running.get(key);
    if (pending) {
      const shared = await pending.catch(() => undefined);
      if (shared && shared.token === token && Date.now() < shared.until) return shared.total;
    }
    const started = Date.now();
    const counting = count().then((counted) => ({
      ...counted,
      until: bounded ? started + TIME_BOUND_MS : Number.POSITIVE_INFINITY,
    }));
    this.running.set(key, counting);
    try {
      const counted = await counting;
      this.entries.set(key, counted);
      return counted.total;
    } finally {
      if (this.running.get(key) === counting) this.running.delete(key);
    }
  }
}

const perDatabase = new WeakMap<Database, ListTotals>();

/** The totals cache of one database handle (one per server process). */
export function listTotals(db: Database): ListTotals {
  let totals = perDatabase.get(db);
  if (!totals) {
    totals = new ListTotals();
    perDatabase.set(db, totals);
  }
  return totals;
}
