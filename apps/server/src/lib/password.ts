import crypto from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';

const scryptAsync = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * At most one hash per core at a time. Each holds 32 MiB while it runs; more at once than there are
 * cores only adds memory (libuv would run four), not sign-ins per second. The rest wait their turn.
 */
const HASH_SLOTS = Math.max(1, os.availableParallelism());
let running = 0;
const waiting: Array<() => void> = [];

async function scrypt(...args: Parameters<typeof scryptAsync>): Promise<Buffer> {
  if (running < HASH_SLOTS) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await scryptAsync(...args);
  } finally {
    // A waiting hash takes this slot over; only when none waits is the slot given back.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** scrypt cost: N=2^15, r=8, p=1 (32 MiB per hash, about 0.1 s here), the interactive-login setting of the scrypt paper. */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const;

/** The N of the hashes made from now on: SCRYPT_PARAMS.N, except in the API suites. */
let hashN: number = SCRYPT_PARAMS.N;

/**
 * For the API suites: 'test' makes the hashes made from now on use N = 2^10 (1 MiB, about 1 ms)
 * instead of 2^15, as the suites register and sign in thousands of members, and a tenth of a second
 * of CPU each was minutes of the run; 'production' goes back. Verifying reads N from each stored
 * hash, so nothing else changes. 'test' is refused in production.
 */
export function usePasswordCost(cost: 'production' | 'test'): void {
  if (cost === 'test' && process.env.NODE_ENV === 'production') {
    throw new Error('the test password cost is refused in production');
  }
  hashN = cost === 'test' ? 2 ** 10 : SCRYPT_PARAMS.N;
}

/** Hashes a password with scrypt and a fresh 16-byte salt; the parameters travel in the string. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { r, p, keyLength } = SCRYPT_PARAMS;
  const N = hashN;
  const hash = await scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: 256 * N * r });
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const N = Number(n);
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r),
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A random password for the first admin in development: 20 characters, about 119 bits. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const out: string[] = [];
  while (out.length < 20) {
    const byte = crypto.randomBytes(1)[0]!;
    // Rejection sampling keeps every character equally likely.
    if (byte < 256 - (256 % alphabet.length)) out.push(alphabet[byte % alphabet.length]!);
  }
  return out.join('');
}
