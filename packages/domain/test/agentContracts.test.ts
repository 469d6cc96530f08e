import { describe, expect, it } from 'vitest';
import { AGENT_CONTRACTS, AGENT_PREFIX, agentRoutePath } from '../src';

describe('agent contracts', () => {
  it('name every call of the player protocol under its versioned prefix', () => {
    expect(Object.values(AGENT_CONTRACTS).map((c) => [c.method, c.path, c.auth])).toEqual([
      ['POST', '/agent/v1/announce', 'none'],
      ['POST', '/agent/v1/pair', 'none'],
      ['POST', '/agent/v1/heartbeat', 'device'],
      ['POST', '/agent/v1/logs', 'device'],
    ]);
    expect(AGENT_PREFIX).toBe('/agent/v1');
    expect(agentRoutePath(AGENT_CONTRACTS.heartbeat)).toBe('/heartbeat');
  });

  it('parse requests and replies with the domain schemas', () => {
    expect(AGENT_CONTRACTS.heartbeat.body.parse(undefined)).toEqual({ status: 'ok' });
    expect(AGENT_CONTRACTS.pair.body.safeParse({ serial: 'SN-1', pin: '12ab' }).success).toBe(false);
    expect(
      AGENT_CONTRACTS.announce.response.safeParse({ state: 'deleted', announce_interval_seconds: 60 }).success,
    ).toBe(false);
  });
});
