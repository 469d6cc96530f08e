import { createHash, randomInt } from 'node:crypto';
import { PIN_LENGTH } from '@signage/domain';

/** A fresh PIN: uniformly random digits from the system's CSPRNG. */
export function generatePin(): string {
  return String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');
}

/** PINs are stored hashed and bound to their player, so a PIN row is useless for another serial. */
export function hashPin(deviceCode: string, pin: string): string {
  return createHash('sha256').update(`${deviceCode}:${pin}`).digest('hex');
}
