import { AGENT_MESSAGES, PAIR_THROTTLE } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { announce, deviceRow, issuePin, nextSerial, pairCall } from './fixtures';

/**
 * Issue 30 item 5: strangers' wrong PINs cost only the strangers. Wrong guesses count per serial and
 * address (and per address), so the installer's right PIN from its own address still pairs; all
 * addresses together have PAIR_THROTTLE.guessesPerPin tries, then the PIN is void; the console's
 * pairing status carries the wrong attempts.
 */
let t: TestApp;
let kt: string;
beforeAll(async () => {
  t = await createTestApp();
  kt = await loginAs(t.app, await createUser(t.db, { role: 'DS_KT', region: 'JP' }));
});
afterAll(async () => {
  await t?.close();
});

const wrongFor = (pin: string, i = 0) => String((Number(pin) + 1 + i) % 1_000_000).padStart(6, '0');

async function openPin() {
  const serial = nextSerial();
  await announce(t.app, serial);
  return { serial, ...(await issuePin(t.app, kt, serial)) };
}

async function pairingStatus(deviceCode: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/players/${deviceCode}`, headers: { cookie: kt } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { is_activated: boolean; wrong_pin_attempts: number; pin_void: boolean };
}

describe('pairing guesses per serial and address', () => {
  it("pairs with the installer's right PIN after strangers' wrong guesses from other addresses", async () => {
    const { serial, pin, device_code } = await openPin();
    // Four strangers use up their own allowance for this serial (20 of the PIN's 30 tries).
    for (let s = 0; s < 4; s++) {
      for (let i = 0; i < PAIR_THROTTLE.perSerialAndAddress; i++) {
        expect((await pairCall(t.app, serial, wrongFor(pin, i), `10.30.${s}.1`)).statusCode).toBe(401);
      }
      expect((await pairCall(t.app, serial, pin, `10.30.${s}.1`)).statusCode).toBe(429);
    }
    // The installer mistypes once, then types the right PIN, from the player's own address.
    expect((await pairCall(t.app, serial, wrongFor(pin), '10.30.99.1')).statusCode).toBe(401);
    const paired = await pairCall(t.app, serial, pin, '10.30.99.1');
    expect(paired.statusCode, paired.body).toBe(200);
    expect((await deviceRow(t.db, device_code))?.isActivated).toBe(true);
  });

  it("refuses one address's too many wrong guesses for a serial with 429, for that address and serial only", async () => {
    const { serial, pin, device_code } = await openPin();
    const other = await openPin();
    const address = '10.31.0.1';
    for (let i = 0; i < PAIR_THROTTLE.perSerialAndAddress; i++) {
      expect((await pairCall(t.app, serial, wrongFor(pin, i), address)).statusCode).toBe(401);
    }
    const throttled = await pairCall(t.app, serial, pin, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe(AGENT_MESSAGES.tooManyGuesses);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Refused unlooked-at: the throttled guess took no try from the PIN.
    expect((await pairingStatus(device_code)).wrong_pin_attempts).toBe(PAIR_THROTTLE.perSerialAndAddress);
    // The same address may still pair another serial; another address pairs this one.
    expect((await pairCall(t.app, other.serial, other.pin, address)).statusCode).toBe(200);
    expect((await pairCall(t.app, serial, pin, '10.31.0.2')).statusCode).toBe(200);
  });
});

describe('the PIN budget of all addresses together', () => {
  it('voids the PIN after PAIR_THROTTLE.guessesPerPin guesses from many addresses, and the console is told', async () => {
    const { serial, pin, device_code } = await openPin();
    expect(await pairingStatus(device_code)).toMatchObject({ wrong_pin_attempts: 0, pin_void: false });
    for (let i = 0; i < 3; i++) {
      expect((await pairCall(t.app, serial, wrongFor(pin, i), `10.32.0.${i}`)).statusCode).toBe(401);
    }
    expect(await pairingStatus(device_code)).toMatchObject({
      is_activated: false,
      wrong_pin_attempts: 3,
      pin_void: false,
    });
    for (let i = 3; i < PAIR_THROTTLE.guessesPerPin; i++) {
      expect((await pairCall(t.app, serial, wrongFor(pin, i), `10.32.1.${i}`)).statusCode).toBe(401);
    }
    const late = await pairCall(t.app, serial, pin, '10.32.2.1');
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(AGENT_MESSAGES.pinRejected);
    expect(await pairingStatus(device_code)).toMatchObject({
      wrong_pin_attempts: PAIR_THROTTLE.guessesPerPin,
      pin_void: true,
    });
    // A new PIN starts with a clean count and pairs.
    const fresh = await issuePin(t.app, kt, serial);
    expect(await pairingStatus(device_code)).toMatchObject({ wrong_pin_attempts: 0, pin_void: false });
    expect((await pairCall(t.app, serial, fresh.pin, '10.32.2.1')).statusCode).toBe(200);
    expect(await pairingStatus(device_code)).toMatchObject({ is_activated: true, wrong_pin_attempts: 0 });
  });

  it('gives parallel guesses one try each, so a burst from many addresses cannot outrun the budget', async () => {
    const { serial, pin, device_code } = await openPin();
    const count = PAIR_THROTTLE.guessesPerPin + 5;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => pairCall(t.app, serial, wrongFor(pin, i), `10.33.${i}.1`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(count).fill(401));
    expect((await pairCall(t.app, serial, pin, '10.33.99.1')).statusCode).toBe(401);
    expect((await pairingStatus(device_code)).pin_void).toBe(true);
  });

  it('keeps the odds of finding a PIN in its lifetime small', () => {
    expect(PAIR_THROTTLE.guessesPerPin / 10 ** 6).toBeLessThanOrEqual(1 / 30_000);
  });
});
