import { MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, loginDelaySeconds, throttleDelaySeconds } from '../src/auth/throttle';
import { recordLoginFailures } from '../src/modules/users/repo';
import { createTestApp, createUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (userId: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/users/${userId}/auth`, payload: { password }, remoteAddress, headers });

async function failTimes(userId: string, address: string, times: number) {
  for (let i = 0; i < times; i++) expect((await login(userId, 'wrong', address)).statusCode).toBe(401);
}

describe('sign-in throttle', () => {
  it('refuses an ID from an address after 5 failures there, even with the right password', async () => {
    const user = await createUser(t.db);
    await failTimes(user.userId, '10.1.0.1', LOGIN_THROTTLE.perIdAndAddress);
    const throttled = await login(user.userId, user.password, '10.1.0.1');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ result: 'Failure', message: MESSAGES.tooManyLoginAttempts, data: null });
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(throttled.headers['set-cookie']).toBeUndefined();
  });

  it('does not let a stranger elsewhere lock the real user out', async () => {
    const user = await createUser(t.db);
    await failTimes(user.userId, '10.1.1.1', LOGIN_THROTTLE.perIdAndAddress);
    expect((await login(user.userId, 'wrong', '10.1.1.1')).statusCode).toBe(429);
    const own = await login(user.userId, user.password, '10.1.1.2');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.userId).toBe(user.userId);
  });

  it('keeps a distributed attack on one ID away from addresses that failed, not from a clean one', async () => {
    const user = await createUser(t.db);
    // Failures from many addresses, written directly: 100 password checks would only slow the test.
    const now = new Date();
    for (let i = 0; i < LOGIN_THROTTLE.perIdUnderAttack; i++) {
      await recordLoginFailures(t.db, [`id:${user.userId}`], now);
    }
    await failTimes(user.userId, '10.1.2.1', 1);
    expect((await login(user.userId, user.password, '10.1.2.1')).statusCode).toBe(429);
    expect((await login(user.userId, user.password, '10.1.2.2')).statusCode).toBe(200);
  });

  it('throttles an unknown ID the same way, so 429 tells nothing about which IDs exist', async () => {
    await failTimes('ghost', '10.2.0.1', LOGIN_THROTTLE.perIdAndAddress);
    expect((await login('ghost', 'wrong', '10.2.0.1')).statusCode).toBe(429);
  });

  it('refuses an address after 30 failures in 15 minutes, whatever the ID', async () => {
    const address = '10.3.0.1';
    const user = await createUser(t.db);
    // In parallel batches: the password checks dominate and use the thread pool.
    for (let batch = 0; batch < LOGIN_THROTTLE.perAddress / 6; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => login(`probe-${batch}-${i}`, 'wrong', address)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(401));
    }
    const throttled = await login(user.userId, user.password, address);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login(user.userId, user.password, '10.3.0.2')).statusCode).toBe(200);
  });

  it('forgets the failures of an ID and address after a successful sign-in there', async () => {
    const user = await createUser(t.db);
    await failTimes(user.userId, '10.4.0.1', LOGIN_THROTTLE.perIdAndAddress - 1);
    expect((await login(user.userId, user.password, '10.4.0.1')).statusCode).toBe(200);
    await failTimes(user.userId, '10.4.0.1', LOGIN_THROTTLE.perIdAndAddress - 1);
    expect((await login(user.userId, user.password, '10.4.0.1')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a LAN peer, so rotating it does not reset the count', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < LOGIN_THROTTLE.perIdAndAddress; i++) {
      const answer = await login(user.userId, 'wrong', '192.168.1.20', { 'x-forwarded-for': `203.0.113.${i}` });
      expect(answer.statusCode).toBe(401);
    }
    const rotated = await login(user.userId, user.password, '192.168.1.20', { 'x-forwarded-for': '203.0.113.99' });
    expect(rotated.statusCode).toBe(429);
  });
});

describe('throttle arithmetic', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  it('is 0 below the limit', () => {
    expect(throttleDelaySeconds([minutesAgo(1), minutesAgo(2)], 5, LOGIN_THROTTLE.windowMs, now)).toBe(0);
  });
  it('waits until the limiting failure leaves the window', () => {
    const times = [1, 2, 3, 4, 10].map(minutesAgo);
    expect(throttleDelaySeconds(times, 5, LOGIN_THROTTLE.windowMs, now)).toBe(5 * 60);
  });
  it('counts an attack on the ID only against addresses that failed for it', () => {
    const attack = Array.from({ length: LOGIN_THROTTLE.perIdUnderAttack }, () => minutesAgo(1));
    expect(loginDelaySeconds({ pair: [], address: [], id: attack }, now)).toBe(0);
    expect(loginDelaySeconds({ pair: [minutesAgo(2)], address: [], id: attack }, now)).toBe(14 * 60);
  });
});
