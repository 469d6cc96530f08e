import { AGENT_MESSAGES, defineContract } from '@signage/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentClientError, createAgentClient } from '../src';

type Seen = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** A fetch that records the request and answers with `status`, `json` and `headers`. */
function answering(status: number, json: unknown, headers: Record<string, string> = {}) {
  const seen: Seen[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    seen.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const success = (data: unknown) => ({ result: 'Success', message: '', data });

describe('agent client', () => {
  it('posts announce to the protocol path and returns the parsed state', async () => {
    const server = answering(200, success({ state: 'waiting', announce_interval_seconds: 60 }));
    const client = createAgentClient({ baseUrl: 'http://player.test:8080', fetch: server.fetch });
    expect(await client.announce('SN-1')).toEqual({ state: 'waiting', announce_interval_seconds: 60 });
    expect(server.seen).toEqual([
      {
        url: 'http://player.test:8080/agent/v1/announce',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: { serial: 'SN-1' },
      },
    ]);
  });

  it("asks a stream's playlist with the device token: 200 on air, 404 and 403 off air, anything else unreachable", async () => {
    const cases: [number | 'down', string][] = [
      [200, 'on'],
      [404, 'off'],
      [403, 'off'],
      [503, 'unreachable'],
      ['down', 'unreachable'],
    ];
    for (const [status, expected] of cases) {
      const server = answering(status === 'down' ? 200 : status, {});
      const fetch =
        status === 'down'
          ? ((async () => {
              throw new TypeError('fetch failed');
            }) as typeof globalThis.fetch)
          : server.fetch;
      const client = createAgentClient({ baseUrl: 'http://player.test', token: 'device-token', fetch });
      expect(await client.liveProbe('/agent/v1/live/c1/index.m3u8')).toBe(expected);
      if (status !== 'down') {
        expect(server.seen[0]?.url).toBe('http://player.test/agent/v1/live/c1/index.m3u8');
        expect(server.seen[0]?.headers.authorization).toBe('Bearer device-token');
      }
    }
  });

  it('keeps the token from pairing and sends it as a bearer token on device calls', async () => {
    const paired = answering(
      200,
      success({ device_code: 'DVABCDEFGHJK', token: 'secret-token', heartbeat_interval_seconds: 60 }),
    );
    const client = createAgentClient({ baseUrl: 'http://player.test', fetch: paired.fetch });
    expect((await client.pair('SN-1', '123456')).device_code).toBe('DVABCDEFGHJK');
    expect(client.token).toBe('secret-token');
    expect(paired.seen[0]?.headers.authorization).toBeUndefined();

    const beat = answering(200, success({ device_code: 'DVABCDEFGHJK', heartbeat_interval_seconds: 60 }));
    const later = createAgentClient({ baseUrl: 'http://player.test', fetch: beat.fetch, token: client.token });
    await later.heartbeat('error');
    expect(beat.seen[0]?.headers.authorization).toBe('Bearer secret-token');
    expect(beat.seen[0]?.body).toEqual({ status: 'error' });
    await later.heartbeat('ok', { plays_unrecorded: 7 });
    expect(beat.seen[1]?.body).toEqual({ status: 'ok', plays_unrecorded: 7 });
  });

  it('calls any contract with its typed path parameters and query, without a body when it has none', async () => {
    const status = defineContract({
      method: 'GET',
      path: '/agent/v1/players/:device_code/status',
      params: z.object({ device_code: z.string() }),
      query: z.object({ since: z.string() }),
      response: z.object({ alive: z.boolean() }),
      roles: 'device',
      summary: 'test only',
      tags: ['agent'],
    });
    const server = answering(200, success({ alive: true }));
    const client = createAgentClient({ baseUrl: 'http://player.test', fetch: server.fetch, token: 't0k' });
    const reply = await client.call(status, { params: { device_code: 'DV 1' }, query: { since: '2026-01-01' } });
    expect(reply.alive).toBe(true);
    expect(server.seen).toEqual([
      {
        url: 'http://player.test/agent/v1/players/DV%201/status?since=2026-01-01',
        method: 'GET',
        headers: { authorization: 'Bearer t0k' },
        body: undefined,
      },
    ]);
  });

  it('throws a typed error with the status, the message and Retry-After', async () => {
    const server = answering(
      429,
      { result: 'Failure', message: AGENT_MESSAGES.tooManyGuesses, data: null },
      {
        'retry-after': '42',
      },
    );
    const client = createAgentClient({ baseUrl: 'http://player.test', fetch: server.fetch });
    const error = await client.pair('SN-1', '000000').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentClientError);
    expect(error).toMatchObject({ status: 429, message: AGENT_MESSAGES.tooManyGuesses, retryAfterSeconds: 42 });
    expect(client.token).toBeUndefined();
  });

  it('refuses a success reply that does not match the schema of its call', async () => {
    const server = answering(200, success({ state: 'sleeping', announce_interval_seconds: 60 }));
    const client = createAgentClient({ baseUrl: 'http://player.test', fetch: server.fetch });
    const error = await client.announce('SN-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentClientError);
    expect(error).toMatchObject({ status: 200 });
    expect((error as Error).message).toContain('/agent/v1/announce');
  });
});
