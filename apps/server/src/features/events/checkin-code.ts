import crypto from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A sign-up's check-in code (decision 028): 20 characters of a 32-letter alphabet without 0/O and
 * 1/I, so 100 random bits that a person can read out and a scanner can type.
 */
export function newCheckinCode(): string {
  const bytes = crypto.randomBytes(20);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 32];
  return out;
}

/** The first two characters of a company; '***' for the rest. */
export function maskCompany(value: string): string {
  const chars = [...value.trim()];
  if (chars.length === 0) return '';
  return `${chars.slice(0, Math.min(2, chars.length - 1)).join('')}***`;
}

/** Only the last four digits of a phone (or nothing of a shorter one). */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 0) return '';
  return digits.length <= 4 ? '****' : `*******${digits.slice(-4)}`;
}
