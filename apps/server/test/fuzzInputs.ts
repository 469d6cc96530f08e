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
  /** `[{ device: [] }]` on the player protocol's device routes (bearer device token), else the session. */
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

export type FuzzRequest = {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** The only status the answer may have (a lone surrogate in a JSON string field: 400). */
  status?: number;
};

/** Whether an operation is called with the device token of a paired player instead of a session. */
export const isDeviceOperation = (operation: Operation) =>
  operation.security?.some((requirement) => 'device' in requirement) ?? false;

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
/**
 * Lone surrogates, high and low, alone and inside text: well-formed UTF-16 they are not, and PostgreSQL's
 * jsonb fails a whole statement on one (issue 30). Every JSON string field is sent each of them (400).
 */
export const LONE_SURROGATES = ['\ud800', '\udfff', 'Sale \ud83d today', 'a\udc00b'];
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
  ...LONE_SURROGATES,
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

/**
 * The paths of the string fields of a sample, as far as the schema says (nested objects and arrays
 * included; a field whose union includes a string counts): where a lone surrogate goes.
 */
function stringPaths(
  schema: JsonSchema | undefined,
  value: unknown,
  at: (string | number)[] = [],
): (string | number)[][] {
  if (!schema) return [];
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (variants.some((variant) => variant.type === 'string')) return [at];
  const objectSchema = variants.find((variant) => variant.type === 'object' && variant.properties);
  if (objectSchema && value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(objectSchema.properties ?? {}).flatMap(([key, child]) =>
      stringPaths(child, (value as Record<string, unknown>)[key], [...at, key]),
    );
  }
  const arraySchema = variants.find((variant) => variant.type === 'array' && variant.items);
  if (arraySchema && Array.isArray(value) && value.length > 0)
    return stringPaths(arraySchema.items, value[0], [...at, 0]);
  return [];
}

/** The sample with every field the schema names filled in (optional ones and those under a default too). */
function fullSample(schema: JsonSchema | undefined, value: unknown = sampleOf(schema)): unknown {
  const objectSchema = [schema, ...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].find(
    (variant) => variant?.type === 'object' && variant.properties,
  );
  if (!objectSchema || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const given = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(objectSchema.properties ?? {}).map(([key, child]) => [
      key,
      fullSample(child, key in given ? given[key] : sampleOf(child)),
    ]),
  );
}

/** A copy of `value` with the field at `path` set to `replacement`. */
function withField(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? withField(item, rest, replacement) : item));
  const object = (value ?? {}) as Record<string, unknown>;
  return { ...object, [head]: withField(object[head], rest, replacement) };
}

function badStringsFor(random: () => number, count: number): string[] {
  return Array.from({ length: count }, () => pick(random, BAD_STRINGS));
}

/** A surrogate code unit as the three bytes CESU-8 would give it (%ED%A0%80 for U+D800): invalid UTF-8. */
function surrogateBytes(unit: string): string {
  const code = unit.charCodeAt(0);
  const hex = (byte: number) => `%${byte.toString(16).toUpperCase()}`;
  return hex(0xed) + hex(0x80 | ((code >> 6) & 0x3f)) + hex(0x80 | (code & 0x3f));
}

/** encodeURIComponent, except that a lone surrogate goes out as the invalid UTF-8 bytes a raw client sends. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split('')
      .map((c) => (/[\uD800-\uDFFF]/.test(c) ? surrogateBytes(c) : encodeURIComponent(c)))
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
): { label: string; payload: string; status?: number }[] {
  const base = sampleOf(schema);
  const cases: { label: string; payload: string; status?: number }[] = [
    { label: 'sample', payload: JSON.stringify(base) },
  ];
  // JSON.stringify writes a lone surrogate as its \u escape, which the server's JSON parser reads back.
  const full = fullSample(schema, base);
  for (const path of stringPaths(schema, full)) {
    for (const surrogate of LONE_SURROGATES) {
      const payload = JSON.stringify(withField(full, path, surrogate));
      cases.push({ label: `lone surrogate in ${path.join('.') || '(body)'}`, payload, status: 400 });
    }
  }
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
function multipartCases(): { label: string; headers: Record<string, string>; payload: string | Buffer }[] {
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
      // What a lone surrogate becomes in a form: bytes that are not UTF-8, in a field and in a file name.
      label: 'lone surrogate bytes',
      headers: { 'content-type': type },
      payload: Buffer.concat([
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSale `),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from(`\r\n--${b}\r\nContent-Disposition: form-data; name="content"; filename="a`),
        Buffer.from([0xed, 0xb0, 0x80]),
        Buffer.from(`.png"\r\nContent-Type: image/png\r\n\r\nx\r\n--${b}--\r\n`),
      ]),
    },
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
  for (const surrogate of LONE_SURROGATES) {
    for (const param of pathParams)
      add(`path ${param.name} lone surrogate`, { url: url({ ...validPath, [param.name]: surrogate }) });
    for (const param of queryParams)
      add(`query ${param.name} lone surrogate`, { url: url(validPath, [[param.name, surrogate]]) });
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
        add(`body ${body.label}`, {
          url: url(),
          headers: JSON_HEADERS,
          payload: body.payload,
          ...(body.status ? { status: body.status } : {}),
        });
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
