import { STORE_CODE_LENGTH } from '../catalog/constants';

/** Keeps digits only, at most four (SPEC.md section 5: store code input). */
export function sanitizeStoreCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, STORE_CODE_LENGTH);
}

/** A numeric store code shorter than four digits is left-padded with zeros on blur. */
export function padStoreCode(input: string): string {
  const digits = sanitizeStoreCode(input);
  return digits.length === 0 ? '' : digits.padStart(STORE_CODE_LENGTH, '0');
}

export function isValidStoreCode(code: string): boolean {
  return /^\d{4}$/.test(code);
}
