import path from 'node:path';
import { AGENT_MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SimulatorOptions,
  simulateAnnounce,
  simulateHeartbeat,
  simulateLogs,
  simulatePair,
} from '../../src/simulator/simulator';
import { createTestApp, createUser, loginAs, type TestApp, tempDir } from '../helpers';
import { deviceRow, injectFetch, issuePin, nextSerial } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const optionsFor = (app: TestApp): SimulatorOptions => ({
  url: 'http://player.test',
  stateFile: path.join(tempDir(), 'simulator-state.json'),
  fetch: injectFetch(app.app, '10.20.0.1'),
});

describe('player simulator (through the agent client)', () => {
  it('announces, pairs with a PIN, sends a heartbeat and uploads a log as one player', async () => {
    const kt = await loginAs(t.app, await createUser(t.db, { role: 'DS_KT', region: 'JP' }));
    const options = optionsFor(t);
    const serial = nextSerial('SIM');
    expect(await simulateAnnounce(options, serial)).toEqual({ serial, status: 200, message: 'announced (waiting)' });
    const issued = await issuePin(t.app, kt, serial);
    expect(await simulatePair(options, serial, issued.pin)).toEqual({
      serial,
      status: 200,
      message: `paired as ${issued.device_code}`,
    });
    expect(await simulateHeartbeat(options, serial, 'error')).toEqual({
      serial,
      status: 200,
      message: 'heartbeat sent',
    });
    expect((await deviceRow(t.db, issued.device_code))?.isAlive).toBe(false);
    const now = new Date('2026-03-01T12:00:00Z');
    const logged = await simulateLogs(options, serial, 'WARNING', 2, now);
    const expectedText = [
      `2026-03-01T11:00:00.000Z WARNING player ${serial} event 1`,
      `2026-03-01T11:01:00.000Z WARNING player ${serial} event 2`,
      '',
    ].join('\n');
    expect(logged).toEqual({ serial, status: 200, message: `log uploaded (${Buffer.byteLength(expectedText)} bytes)` });
  });

  it('reports the server refusal of a player without a token', async () => {
    const serial = nextSerial('SIM');
    expect(await simulateHeartbeat(optionsFor(t), serial)).toEqual({
      serial,
      status: 401,
      message: AGENT_MESSAGES.tokenRequired,
    });
  });
});
