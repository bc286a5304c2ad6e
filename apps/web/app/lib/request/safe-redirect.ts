/**
 * Guards every redirect the request client follows (login and personal-centre callbacks, the
 * `data.url` of 4001 and 4002 answers) so that none of them can send a visitor to another site.
 * Whatever reads a callback later may decode it again, so each decoding layer has to be safe too.
 */

const MAX_TARGET_LENGTH = 2048;
const MAX_DECODING_LAYERS = 5;

/**
 * Characters browsers strip or reinterpret anywhere in a URL: control characters (tabs and
 * newlines are dropped, so `java\nscript:` becomes `javascript:` and `/\t/evil.com` becomes
 * `//evil.com`) and backslashes (read as `/` in http URLs, so `/\evil.com` is `//evil.com`).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const REINTERPRETED = /[\u0000-\u001F\u007F-\u009F\\]/;

/**
 * Characters a path of ours never contains: whitespace, invisible format characters (bidi
 * overrides, zero-width joiners) and look-alike slashes. Refused in the raw target, and in the path
 * part of each decoding (a decoded query may well hold a searched phrase with spaces).
 */
const SUSPICIOUS = /[\s\p{Cf}\u2044\u2215\u29F5\uFE68\uFF0F\uFF3C]/u;

/** A path of this site: exactly one leading `/`, then nothing a browser could read as an authority. */
function isPlainPath(text: string): boolean {
  if (!text.startsWith('/') || text.startsWith('//') || REINTERPRETED.test(text)) return false;
  const pathPart = text.split(/[?#]/, 1)[0] ?? '';
  return !SUSPICIOUS.test(pathPart);
}

/** Every decoding of `target` that a later reader might see; undefined when the encoding is broken. */
function decodingLayers(target: string): string[] | undefined {
  const layers = [target];
  let current = target;
  for (let i = 0; i < MAX_DECODING_LAYERS; i += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (decoded === current) return layers;
    layers.push(decoded);
    current = decoded;
  }
  // Still changing after this many layers: nobody encodes a real path like that.
  return undefined;
}

function originOf(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The normalised path, query and hash of a path that is safe on `origin`, else undefined. */
function resolvePath(target: string, origin: string): string | undefined {
  const expected = originOf(origin);
  if (!expected || target.length > MAX_TARGET_LENGTH || SUSPICIOUS.test(target)) return undefined;
  const layers = decodingLayers(target);
  if (!layers || !layers.every(isPlainPath)) return undefined;
  let url: URL;
  try {
    url = new URL(target, expected);
  } catch {
    return undefined;
  }
  if (url.origin !== expected) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Normalising (e.g. `/a/..//evil.com`) must not produce what the raw text was refused for.
  return isPlainPath(path) ? path : undefined;
}

/**
 * True when `target` is a path on the site at `origin`: it starts with a single `/` (not `//`,
 * not `/\`), carries no scheme, control, whitespace or invisible characters in any percent-decoded
 * form, and resolves to `origin`. Absolute URLs are refused, even to the same origin.
 */
export function isSameSitePath(target: string, origin: string): boolean {
  return typeof target === 'string' && resolvePath(target, origin) !== undefined;
}

/**
 * The `callback` to follow: `target` normalised when it is a same-site path (see
 * {@link isSameSitePath}), else `fallback`. Use it wherever a callback is read back, e.g. after
 * login.
 */
export function safeCallback(target: unknown, origin: string, fallback: string): string {
  return (typeof target === 'string' && resolvePath(target, origin)) || fallback;
}

/**
 * A server-sent target (`data.url` of 4001 and 4002) as a same-site path, or undefined. Unlike a
 * callback it may be an absolute http(s) URL, but only on `origin` itself and without credentials.
 */
export function sameSiteTarget(target: unknown, origin: string): string | undefined {
  if (typeof target !== 'string') return undefined;
  if (target.startsWith('/')) return resolvePath(target, origin);
  const expected = originOf(origin);
  if (!expected || target.length > MAX_TARGET_LENGTH) return undefined;
  if (REINTERPRETED.test(target) || SUSPICIOUS.test(target)) return undefined;
  if (!/^https?:\/\/[^/?#]/i.test(target)) return undefined;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return undefined;
  }
  if (url.origin !== expected || url.username || url.password) return undefined;
  return resolvePath(`${url.pathname}${url.search}${url.hash}`, origin);
}
