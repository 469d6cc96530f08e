/**
 * Bad requests generated from the OpenAPI document, deterministically: the same seed gives the same
 * requests in the same order, so a failure found once is found again.
 */

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  default?: unknown;
  $ref?: string;
};

type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

export type FuzzRequest = {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
};

/** mulberry32: small, fast and good enough to vary inputs reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const NUL = '\u0000';
/** Strings that broke or could break something: NUL, long, astral and combining unicode, SQL and path syntax. */
const BAD_STRINGS = [
  '',
  ' ',
  NUL,
  `a${NUL}b`,
  'x'.repeat(20_000),
  '𝒳😀\u0301\u202e漢字',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '%',
  '\uFFFF\uD800',
  '-1',
  '1e309',
  'NaN',
  'null',
  '0000-00-00',
  '2026-02-30',
  '9999-12-31T99:99:99Z',
];
const BAD_VALUES: unknown[] = [null, true, -1, 1.5, 2 ** 53, 1e308, [], [NUL], {}, { $gt: '' }, { [NUL]: 1 }];

export function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T;
}

/** A value the schema accepts, as far as a quick reading can tell: the base every mutation starts from. */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sampleOf(variant);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, child]) => [key, sampleOf(child)]));
    case 'array':
      return [sampleOf(schema.items)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

function badStringsFor(random: () => number, count: number): string[] {
  return Array.from({ length: count }, () => pick(random, BAD_STRINGS));
}

/** encodeURIComponent, except that a lone surrogate goes out as the invalid UTF-8 bytes a raw client sends. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split('')
      .map((c) => (/[\uD800-\uDFFF]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encode(values[name] ?? 'x'));
}

function queryString(entries: [string, string][]): string {
  if (entries.length === 0) return '';
  return `?${entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Body mutations: each property missing, of the wrong type, or a bad string; then broken documents. */
function bodyCases(
  random: () => number,
  schema: JsonSchema | undefined,
  rounds: number,
): { label: string; payload: string }[] {
  const base = sampleOf(schema);
  const cases: { label: string; payload: string }[] = [{ label: 'sample', payload: JSON.stringify(base) }];
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    for (const key of Object.keys(base)) {
      const { [key]: _dropped, ...without } = base as Record<string, unknown>;
      cases.push({ label: `missing ${key}`, payload: JSON.stringify(without) });
      for (let round = 0; round < rounds; round++) {
        for (const bad of [...badStringsFor(random, 2), pick(random, BAD_VALUES), pick(random, BAD_VALUES)]) {
          cases.push({ label: `bad ${key}`, payload: JSON.stringify({ ...base, [key]: bad }) });
        }
      }
    }
    cases.push({ label: 'extra NUL key', payload: JSON.stringify({ ...base, [`k${NUL}`]: NUL }) });
  }
  const nested = '['.repeat(5_000) + ']'.repeat(5_000);
  for (const payload of ['', '{', '{"a":', 'null', '[]', '"text"', '42', nested, `{"a":"\\u0000"}`, '\u0000']) {
    cases.push({ label: 'malformed json', payload });
  }
  return cases;
}

/** Multipart bodies a browser never sends: truncated, without or with an oversized boundary, garbage. */
function multipartCases(): { label: string; headers: Record<string, string>; payload: string }[] {
  const b = 'fuzzboundary';
  const type = `multipart/form-data; boundary=${b}`;
  const field = (name: string, value: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = `--${b}\r\nContent-Disposition: form-data; name="content"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const long = 'q'.repeat(300);
  return [
    { label: 'truncated', headers: { 'content-type': type }, payload: `--${b}\r\nContent-Disposition: form-data; na` },
    { label: 'truncated file', headers: { 'content-type': type }, payload: `${field('name', 'n')}${file}\u0089PNG` },
    { label: 'no boundary', headers: { 'content-type': 'multipart/form-data' }, payload: field('name', 'n') },
    {
      label: 'long boundary',
      headers: { 'content-type': `multipart/form-data; boundary=${long}` },
      payload: `--${long}--`,
    },
    { label: 'garbage', headers: { 'content-type': type }, payload: 'not a form at all' },
    { label: 'NUL field', headers: { 'content-type': type }, payload: `${field('name', NUL)}--${b}--\r\n` },
    { label: 'NUL name', headers: { 'content-type': type }, payload: `${field(`n${NUL}`, 'v')}--${b}--\r\n` },
    { label: 'empty', headers: { 'content-type': type }, payload: '' },
    {
      label: 'fields only',
      headers: { 'content-type': type },
      payload: `${field('name', 'n')}${field('region', 'ZZ')}${field('display_pattern', 'LED')}--${b}--\r\n`,
    },
  ];
}

/** Every bad request for one operation of the document. */
export function casesFor(
  random: () => number,
  method: string,
  template: string,
  operation: Operation,
  rounds: number,
): FuzzRequest[] {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const validPath = Object.fromEntries(pathParams.map((p) => [p.name, String(sampleOf(p.schema))]));
  const validQuery = queryParams.map((p) => [p.name, String(sampleOf(p.schema))] as [string, string]);
  const url = (pathValues = validPath, query: [string, string][] = []) =>
    fillPath(template, pathValues) + queryString(query);
  const requests: FuzzRequest[] = [];
  const add = (label: string, request: Omit<FuzzRequest, 'label' | 'method'>) =>
    requests.push({ label: `${method} ${template} ${label}`, method, ...request });

  for (let round = 0; round < rounds; round++) {
    for (const param of pathParams) {
      for (const bad of badStringsFor(random, 2))
        add(`path ${param.name}`, { url: url({ ...validPath, [param.name]: bad }) });
    }
    for (const param of queryParams) {
      for (const bad of badStringsFor(random, 2))
        add(`query ${param.name}`, { url: url(validPath, [[param.name, bad]]) });
      // The same key twice makes an array where a string is expected.
      add(`query ${param.name}[]`, {
        url: url(validPath, [
          [param.name, 'a'],
          [param.name, pick(random, BAD_STRINGS)],
        ]),
      });
    }
  }
  add('sample query', { url: url(validPath, validQuery) });
  add('unknown query', {
    url: url(validPath, [
      ['zzz', NUL],
      ['a[b]', 'c'],
    ]),
  });
  add('raw percent', { url: `${url()}${template.includes('?') ? '&' : '?'}q=%E0%A4%A` });

  if (method !== 'GET' && method !== 'DELETE') {
    const json = operation.requestBody?.content?.['application/json'];
    if (json) {
      for (const body of bodyCases(random, json.schema, rounds))
        add(`body ${body.label}`, { url: url(), headers: JSON_HEADERS, payload: body.payload });
      add('body too large', {
        url: url(),
        headers: JSON_HEADERS,
        payload: JSON.stringify({ a: 'x'.repeat(2_000_000) }),
      });
      add('wrong content type', { url: url(), headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    } else {
      for (const body of multipartCases())
        add(`multipart ${body.label}`, { url: url(), headers: body.headers, payload: body.payload });
      add('json instead of a form', { url: url(), headers: JSON_HEADERS, payload: '{"name":"x"}' });
    }
  }
  return requests;
}
