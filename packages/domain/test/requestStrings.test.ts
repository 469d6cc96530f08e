import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AGENT_CONTRACTS, API_CONTRACTS, type Contract, isWellFormedText, MESSAGES, ZText } from '../src';

// Every string a request can carry must refuse a lone surrogate (issue 30): PostgreSQL's jsonb fails the
// whole statement on one, so a bare z.string() in a request schema lets one client's input cost others
// their writes. This walks every contract's params, query and body and names each string that lets
// one through, so a new bare z.string() fails here.

type Def = {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Types that hold other schemas, and the ones they hold. */
function childrenOf(def: Def): [string, z.ZodType][] {
  const named = (entries: [string, z.ZodType | null | undefined][]) =>
    entries.filter((entry): entry is [string, z.ZodType] => entry[1] != null);
  switch (def.type) {
    case 'object':
      return named([...Object.entries(def.shape ?? {}), ['*', def.catchall]]);
    case 'array':
    case 'set':
      return named([['[]', def.element]]);
    case 'union':
      return (def.options ?? []).map((option, i) => [`|${i}`, option]);
    case 'intersection':
      return named([
        ['&left', def.left],
        ['&right', def.right],
      ]);
    case 'pipe':
      return named([
        ['>in', def.in],
        ['>out', def.out],
      ]);
    case 'record':
    case 'map':
      return named([
        ['{key}', def.keyType],
        ['{value}', def.valueType],
      ]);
    case 'tuple':
      return named([...(def.items ?? []).map((item, i): [string, z.ZodType] => [`[${i}]`, item]), ['[...]', def.rest]]);
    case 'lazy':
      return named([['~', def.getter?.()]]);
    default:
      return def.innerType ? [['', def.innerType]] : [];
  }
}

const PROBES = ['\ud800', '\udfff', 'a\udbffb', `Sale ${'\udc00'}`];
/** Leaves that take anything: a request schema must say what it takes. */
const OPEN = new Set(['any', 'unknown', 'custom']);

/** Where under `schema` a string (or an open leaf) lets a lone surrogate through. */
function leaks(schema: z.ZodType, at: string, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  if (OPEN.has(def.type)) return [`${at}: ${def.type} takes any value`];
  if (def.type === 'string') {
    const results = PROBES.map((probe) => schema.safeParse(probe));
    if (results.some((result) => result.success)) return [`${at}: accepts a lone surrogate`];
    // A format (uuid, ISO time) refuses one by its pattern; a plain string must say why, in the catalogue's words.
    const said = results.every((result) => result.error?.issues.some((i) => i.message === MESSAGES.illFormedText));
    return def.format || said ? [] : [`${at}: refuses a lone surrogate without MESSAGES.illFormedText`];
  }
  return childrenOf(def).flatMap(([name, child]) => leaks(child, `${at}${name ? `.${name}` : ''}`, seen));
}

const CONTRACTS: readonly Contract[] = [...API_CONTRACTS, ...Object.values(AGENT_CONTRACTS)];

describe('strings of every request', () => {
  it('refuse lone surrogates in every params, query and body schema of every contract', () => {
    const found = CONTRACTS.flatMap((contract) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = contract[part];
        return schema ? leaks(schema, `${contract.method} ${contract.path} ${part}`) : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it('walks the schemas it is given: a bare string is found, however deep', async () => {
    const { z } = await import('zod');
    const schema = z.object({ a: z.array(z.object({ b: z.string().max(10).optional() })), c: ZText });
    expect(leaks(schema, 'x')).toEqual(['x.a.[].b: accepts a lone surrogate']);
  });
});

describe('ZText', () => {
  it('takes well-formed text, astral characters included, and keeps the field rules after it', () => {
    expect(ZText.parse('店舗 😀 𝒳')).toBe('店舗 😀 𝒳');
    const field = ZText.trim().max(3, MESSAGES.playerPutFailed);
    expect(field.parse(' abc ')).toBe('abc');
    expect(field.safeParse('abcd').error?.issues.map((i) => i.message)).toEqual([MESSAGES.playerPutFailed]);
  });

  it('refuses high and low lone surrogates, alone and inside text, with the catalogue message', () => {
    for (const probe of PROBES) {
      expect(ZText.safeParse(probe).error?.issues.map((i) => i.message)).toEqual([MESSAGES.illFormedText]);
      expect(isWellFormedText(probe)).toBe(false);
    }
    expect(isWellFormedText('\ud83d\ude00')).toBe(true);
  });
});
