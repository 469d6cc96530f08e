import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt with OWASP's N=2^15, r=8, p=3 (32 MiB, about a quarter second). The parameters travel in
 * the hash (`scrypt$N$r$p$salt$key`), so they can be raised later without breaking stored hashes.
 */
const PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };
export type ScryptParams = { readonly N: number; readonly r: number; readonly p: number };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The hash of `password` at the current cost (`params` only for tests, whose users need no protection). */
export async function hashPassword(password: string, params: ScryptParams = PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(hash: string) {
  const [scheme, n, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((v) => Number.isInteger(v) && v > 0)) return undefined;
  return { params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/**
 * What unknown IDs are checked against: a hash in the current format with a random salt and a random key.
 * Checking a password against it runs the same scrypt as against a real hash (the time is the derivation's,
 * the comparison at the end is constant-time) and never matches. It used to be the hash of a random
 * password, derived at each start (a quarter second of CPU on a quiet machine, competing with the start on
 * the 2-core machine) for a key nobody could match anyway.
 */
const DUMMY_HASH = [
  'scrypt',
  PARAMS.N,
  PARAMS.r,
  PARAMS.p,
  randomBytes(SALT_LENGTH).toString('base64'),
  randomBytes(KEY_LENGTH).toString('base64'),
].join('$');

/**
 * Spends the same time as checking a real password, for IDs that do not exist,
 * so the answer's timing does not tell which IDs are real.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}

/** A strong random password for the bootstrap admin: 24 URL-safe characters (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
