import { randomInt } from 'node:crypto';
import { PIN_LENGTH } from '@signage/domain';
import { sha256 } from '../../blob';

/** A fresh PIN: uniformly random digits from the system's CSPRNG. */
export function generatePin(): string {
  return String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');
}

/** PINs are stored hashed and bound to their player, so a PIN row is useless for another serial. */
export function hashPin(deviceCode: string, pin: string): string {
  return sha256(`${deviceCode}:${pin}`);
}
