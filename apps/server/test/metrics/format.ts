/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4): every line is a HELP, a TYPE or
 * a sample; a sample's metric was declared by a TYPE before it (histograms by their _bucket, _sum, _count).
 * Throws on the first line that is none of these, so a test that reads a scrape also checks its format.
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\["\\\\n])*)"`;
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL},?)*)\\})? (\\S+)(?: -?\\d+)?$`);
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** As Prometheus reads a value (Go's ParseFloat): NaN and Inf in any case (prom-client writes 'Nan'). */
function parseValue(text: string, line: string): number {
  const word = text.toLowerCase();
  if (word === '+inf' || word === 'inf') return Number.POSITIVE_INFINITY;
  if (word === '-inf') return Number.NEGATIVE_INFINITY;
  if (word === 'nan') return Number.NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`not a number in: ${line}`);
  return value;
}

export function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const help = new RegExp(`^# HELP (${NAME}) .*$`).exec(line);
    if (help) continue;
    const type = new RegExp(`^# TYPE (${NAME}) (\\w+)$`).exec(line);
    if (type) {
      if (!TYPES.has(type[2] ?? '')) throw new Error(`unknown type in: ${line}`);
      if (types.has(type[1] ?? '')) throw new Error(`second TYPE for ${type[1]}`);
      types.set(type[1] ?? '', type[2] ?? '');
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a HELP, TYPE or sample line: ${line}`);
    const name = sample[1] ?? '';
    const family = types.has(name) ? name : name.replace(/_(bucket|sum|count|total|created)$/, '');
    if (!types.has(family)) throw new Error(`sample of an undeclared metric: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (sample[2] ?? '').matchAll(new RegExp(LABEL, 'g'))) {
      labels[pair[1] ?? ''] = (pair[2] ?? '').replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name, labels, value: parseValue(sample[sample.length - 1] ?? '', line) });
  }
  return samples;
}

/** The value of the one sample with this name and exactly these labels (undefined when there is none). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  const found = samples.filter(
    (s) =>
      s.name === name && Object.keys(s.labels).length === wanted.length && wanted.every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
