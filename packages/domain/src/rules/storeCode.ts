import { STORE_CODE_LENGTH } from '../catalog/constants';

/** A store code as stored and as a form sends it: exactly four digits (SPEC.md section 5). */
export const STORE_CODE_PATTERN = new RegExp(`^\\d{${STORE_CODE_LENGTH}}$`);

/** A store code as a person may type it in a search or an address: one to four digits (padded before use). */
export const TYPED_STORE_CODE_PATTERN = new RegExp(`^\\d{1,${STORE_CODE_LENGTH}}$`);

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
  return STORE_CODE_PATTERN.test(code);
}

/** A typed store code ('12' is '0012'), or null for text that is none (letters, more than four digits, empty). */
export function typedStoreCode(text: string): string | null {
  return TYPED_STORE_CODE_PATTERN.test(text) ? text.padStart(STORE_CODE_LENGTH, '0') : null;
}
