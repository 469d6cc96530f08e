import { MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, throttleDelaySeconds } from '../src/modules/users/service';
import { createTestApp, createUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (userId: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `/api/users/${userId}/auth`, payload: { password }, remoteAddress });

describe('sign-in throttle', () => {
  it('refuses an ID after 5 failures in 15 minutes, even with the right password', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < LOGIN_THROTTLE.perId; i++) {
      expect((await login(user.userId, 'wrong', `10.1.0.${i + 1}`)).statusCode).toBe(401);
    }
    const throttled = await login(user.userId, user.password, '10.1.0.99');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ result: 'Failure', message: MESSAGES.tooManyLoginAttempts, data: null });
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(throttled.headers['set-cookie']).toBeUndefined();
  });

  it('throttles an unknown ID the same way, so 429 tells nothing about which IDs exist', async () => {
    for (let i = 0; i < LOGIN_THROTTLE.perId; i++) {
      expect((await login('ghost', 'wrong', `10.2.0.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await login('ghost', 'wrong', '10.2.0.99')).statusCode).toBe(429);
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

  it('forgets the failures of an ID after a successful sign-in', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < LOGIN_THROTTLE.perId - 1; i++) {
      expect((await login(user.userId, 'wrong', '10.4.0.1')).statusCode).toBe(401);
    }
    expect((await login(user.userId, user.password, '10.4.0.2')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.perId - 1; i++) {
      expect((await login(user.userId, 'wrong', '10.4.0.3')).statusCode).toBe(401);
    }
    expect((await login(user.userId, user.password, '10.4.0.4')).statusCode).toBe(200);
  });
});

describe('throttleDelaySeconds', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  it('is 0 below the limit', () => {
    expect(throttleDelaySeconds([minutesAgo(1), minutesAgo(2)], 5, LOGIN_THROTTLE.windowMs, now)).toBe(0);
  });
  it('waits until the limiting failure leaves the window', () => {
    const times = [1, 2, 3, 4, 10].map(minutesAgo);
    expect(throttleDelaySeconds(times, 5, LOGIN_THROTTLE.windowMs, now)).toBe(5 * 60);
  });
});
