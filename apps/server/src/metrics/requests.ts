/**
 * The request histogram (http_request_duration_seconds), kept here rather than in prom-client's Histogram:
 * prom-client hashes the label set of every observation (1.2-3.3 µs each on the shared 2-core machine),
 * which the request path should not pay. Each route's series are found from its own config object (one
 * per route, stable for the process) and then by method and status, three map lookups; an observation
 * is a bucket search over 11 bounds and three additions. The text is written at scrape time.
 */

export const REQUEST_METRIC = 'http_request_duration_seconds';
export const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10] as const;

type Series = { labels: string; buckets: Float64Array; sum: number; count: number };

/** A label value as the text format writes it: backslash, double quote and newline escaped. */
const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export class RequestHistogram {
  readonly #byRoute = new WeakMap<object, Map<string, Map<number, Series>>>();
  /** Every series in the order first seen, for the text (a WeakMap cannot be walked). */
  readonly #all: Series[] = [];

  /** `routeKey`: an object that is the same for every request of one route (its config); `route`: its pattern. */
  observe(routeKey: object, route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.#byRoute.get(routeKey);
    if (!byMethod) {
      byMethod = new Map();
      this.#byRoute.set(routeKey, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status="${status}"`,
        buckets: new Float64Array(REQUEST_BUCKETS.length),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
      this.#all.push(series);
    }
    // Cumulative buckets are summed up when written: here only the first bucket that holds the value counts.
    let bucket = 0;
    while (bucket < REQUEST_BUCKETS.length && seconds > (REQUEST_BUCKETS[bucket] as number)) bucket++;
    if (bucket < REQUEST_BUCKETS.length) series.buckets[bucket] = (series.buckets[bucket] as number) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** The metric in the Prometheus text format (HELP, TYPE, then each series' buckets, sum and count). */
  render(): string {
    const lines = [
      `# HELP ${REQUEST_METRIC} HTTP requests by route pattern, method and status: time from arrival to the answer sent`,
      `# TYPE ${REQUEST_METRIC} histogram`,
    ];
    for (const series of this.#all) {
      let cumulative = 0;
      REQUEST_BUCKETS.forEach((bound, i) => {
        cumulative += series.buckets[i] as number;
        lines.push(`${REQUEST_METRIC}_bucket{le="${bound}",${series.labels}} ${cumulative}`);
      });
      lines.push(`${REQUEST_METRIC}_bucket{le="+Inf",${series.labels}} ${series.count}`);
      lines.push(`${REQUEST_METRIC}_sum{${series.labels}} ${series.sum}`);
      lines.push(`${REQUEST_METRIC}_count{${series.labels}} ${series.count}`);
    }
    return `${lines.join('\n')}\n`;
  }
}
