import { MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, pairedPlayer } from './agent/fixtures';
import { casesFor, type FuzzRequest, isDeviceOperation, type OpenApiDocument, seededRandom } from './fuzzInputs';
import { createTestApp, createUser, loginAs, type TestApp } from './helpers';

// Thousands of bad requests generated from the OpenAPI document, so an endpoint added tomorrow is
// fuzzed too: wrong types, NUL, huge and odd unicode strings, missing fields, bad path keys, repeated
// query keys, malformed JSON and multipart, and lone surrogates in every string field (each JSON one
// answered 400). None may answer 5xx, and every failure is an envelope. The player protocol's device routes
// are called with a paired player's token, the rest with sessions.
const SEED = 20_261_123;
/** Rounds of path and query mutations per operation; sized to keep the file well under a minute. */
const ROUNDS = 4;

let t: TestApp;
let frit: string;
let shopStaff: string;
let device: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
  shopStaff = await loginAs(t.app, await createUser(t.db, { role: 'DS_ST', region: 'JP', shopNo: '0001' }));
  device = bearer((await pairedPlayer(t.db)).token);
});
afterAll(() => t?.close());

const EVENT_STREAM = '/agent/v1/events';

type Sent = FuzzRequest & { auth: 'device' | 'session' };

function generate(document: OpenApiDocument): Sent[] {
  const random = seededRandom(SEED);
  const requests: Sent[] = [];
  for (const [template, operations] of Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [method, operation] of Object.entries(operations)) {
      // The event stream stays open for as long as its player is connected: called without a token (401).
      const auth = isDeviceOperation(operation) && template !== EVENT_STREAM ? 'device' : 'session';
      for (const request of casesFor(random, method.toUpperCase(), template, operation, ROUNDS)) {
        requests.push({ ...request, auth });
      }
    }
  }
  return requests;
}

/** The one deliberate 5xx: single sign-on asked for on a server without an identity provider. */
const SSO_OFF = JSON.stringify({ result: 'Failure', message: MESSAGES.ssoNotConfigured, data: null });

/** Why an answer is wrong, or undefined when it is fine. */
function problemOf(status: number, contentType: string, body: string): string | undefined {
  if (status >= 500 && !(status === 503 && body === SSO_OFF)) return `status ${status}: ${body.slice(0, 200)}`;
  const json = contentType.includes('application/json');
  if (!json) return status >= 400 ? `status ${status} without an envelope (${contentType})` : undefined;
  try {
    const parsed = JSON.parse(body) as { result?: unknown; message?: unknown };
    const envelope =
      (parsed.result === 'Success' || parsed.result === 'Failure') &&
      typeof parsed.message === 'string' &&
      'data' in parsed;
    if (!envelope) return `status ${status}: not an envelope: ${body.slice(0, 200)}`;
    if (status >= 400 && (parsed.result !== 'Failure' || parsed.message === ''))
      return `status ${status}: failure without a message`;
  } catch {
    return `status ${status}: body is not JSON`;
  }
  return undefined;
}

/** The requests are sent in parts, so that no test needs more than the 30 s bound (issue 27 item 5). */
const PARTS = 6;
let requests: Sent[] | undefined;
const statuses = new Map<number, number>();
let sent = 0;
let surrogates = 0;
let faults = 0;

describe('fuzzing every operation of the OpenAPI document', () => {
  it.each(Array.from({ length: PARTS }, (_, part) => part + 1))(
    'never answers 5xx and always answers failures as envelopes (part %i of 6)',
    async (part) => {
      requests ??= generate(t.app.swagger() as unknown as OpenApiDocument);
      const problems: string[] = [];
      // Every request as DS_FRIT (sees and may change everything), every third also as shop staff
      // (region- and shop-bound scope fragments take other paths).
      for (const [index, request] of requests.entries()) {
        if (index % PARTS !== part - 1) continue;
        // A lone surrogate is refused by the schema, whoever sends it: once is enough.
        const cookies = index % 3 === 0 && request.status === undefined ? [frit, shopStaff] : [frit];
        const credentials = request.auth === 'device' ? [device] : cookies.map((cookie) => ({ cookie }));
        for (const credential of credentials) {
          const response = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: { ...request.headers, ...credential },
            payload: request.payload,
          });
          sent++;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const problem =
            problemOf(response.statusCode, String(response.headers['content-type'] ?? ''), response.body) ??
            (request.status !== undefined && response.statusCode !== request.status
              ? `status ${response.statusCode}, not ${request.status}: ${response.body.slice(0, 200)}`
              : undefined);
          if (problem) problems.push(`${request.label} -> ${problem}`);
          if (request.status !== undefined) surrogates++;
        }
      }
      faults += problems.filter((p) => p.includes('-> status 5')).length;
      expect(problems.slice(0, 20)).toEqual([]);
    },
  );

  it('sent every part: thousands of requests, lone surrogates in the JSON string fields', () => {
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    console.info(
      `fuzz: ${sent} requests; ${counts.join(', ')}; 5xx: ${fiveHundreds}, of which faults: ${faults}` +
        ' (the rest: 503 single sign-on not configured)',
    );
    expect(sent).toBeGreaterThan(2_000);
    // Lone surrogates went into the JSON string fields of the console API and the player protocol alike.
    expect(surrogates).toBeGreaterThan(300);
    const labels = (requests ?? []).map((request) => request.label);
    expect(labels).toContain('POST /agent/v1/heartbeat body lone surrogate in delivery.applied_version');
    expect(labels).toContain('PUT /api/devices/{device_code} body lone surrogate in memo');
  });
});
