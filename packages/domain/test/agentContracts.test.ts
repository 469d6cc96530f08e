import { describe, expect, it } from 'vitest';
import { AGENT_CONTRACT_LIST, AGENT_CONTRACTS, AGENT_PREFIX, API_CONTRACTS, contractAllows, ROLES } from '../src';

describe('agent contracts', () => {
  it('name every call of the player protocol under its versioned prefix, with its access', () => {
    expect(AGENT_CONTRACT_LIST.map((c) => [c.method, c.path, c.roles])).toEqual([
      ['POST', '/agent/v1/announce', 'public'],
      ['POST', '/agent/v1/pair', 'public'],
      ['POST', '/agent/v1/heartbeat', 'device'],
      ['POST', '/agent/v1/logs', 'device'],
      ['GET', '/agent/v1/manifest', 'device'],
      ['GET', '/agent/v1/media/:content_id', 'device'],
      ['GET', '/agent/v1/events', 'device'],
      ['GET', '/agent/v1/live/:content_id/:file', 'device'],
      ['POST', '/agent/v1/plays', 'device'],
      ['GET', '/agent/v1/commands', 'device'],
      ['POST', '/agent/v1/commands/:command_id', 'device'],
      ['POST', '/agent/v1/screenshots', 'device'],
    ]);
    expect(AGENT_CONTRACT_LIST.every((c) => c.path.startsWith(`${AGENT_PREFIX}/`))).toBe(true);
  });

  it('parse requests and replies with the domain schemas', () => {
    expect(AGENT_CONTRACTS.heartbeat.body.parse(undefined)).toEqual({ status: 'ok' });
    expect(AGENT_CONTRACTS.pair.body.safeParse({ serial: 'SN-1', pin: '12ab' }).success).toBe(false);
    expect(
      AGENT_CONTRACTS.announce.response.safeParse({ state: 'deleted', announce_interval_seconds: 60 }).success,
    ).toBe(false);
  });

  it('do not let a signed-in user call a device endpoint, whatever the role', () => {
    for (const role of ROLES) expect(contractAllows(AGENT_CONTRACTS.heartbeat, role)).toBe(false);
    for (const role of ROLES) expect(contractAllows(AGENT_CONTRACTS.announce, role)).toBe(true);
  });

  it('keep /api free of device endpoints', () => {
    expect(API_CONTRACTS.filter((c) => c.roles === 'device')).toEqual([]);
  });
});
