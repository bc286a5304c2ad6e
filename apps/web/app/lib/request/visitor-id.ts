import { VISITOR_ID_LENGTH } from '@portal/contracts/constants';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Bytes at or above this are redrawn, so every character is equally likely (248 = 4 × 62). */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);
const VISITOR_ID_PATTERN = new RegExp(`^[A-Za-z0-9]{${VISITOR_ID_LENGTH}}$`);

/** A new random visitor id of spec 3: 16 characters from [A-Za-z0-9], drawn without modulo bias. */
export function generateVisitorId(randomBytes: (n: number) => Uint8Array): string {
  let id = '';
  while (id.length < VISITOR_ID_LENGTH) {
    for (const byte of randomBytes(VISITOR_ID_LENGTH)) {
      if (byte < UNBIASED_LIMIT && id.length < VISITOR_ID_LENGTH) id += ALPHABET[byte % ALPHABET.length];
    }
  }
  return id;
}

export function isVisitorId(value: unknown): value is string {
  return typeof value === 'string' && VISITOR_ID_PATTERN.test(value);
}

/**
 * The permanent visitor id kept in localStorage under `permanent_tourist_id`, created on first use.
 * A stored value of the wrong shape is replaced: it travels in a header, and the server ignores
 * malformed ids anyway. When storage is unavailable (private mode, blocked) a fresh id is returned
 * and the caller keeps it for the page's lifetime.
 */
export function readOrCreateVisitorId(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  randomBytes: (n: number) => Uint8Array,
): string {
  let stored: string | null = null;
  try {
    stored = storage.getItem(CLIENT_STORAGE.visitorIdKey);
  } catch {
    // Storage refused: fall through and hand out a fresh id.
  }
  if (isVisitorId(stored)) return stored;
  const id = generateVisitorId(randomBytes);
  try {
    storage.setItem(CLIENT_STORAGE.visitorIdKey, id);
  } catch {
    // Quota or privacy settings: the id still serves this page.
  }
  return id;
}
