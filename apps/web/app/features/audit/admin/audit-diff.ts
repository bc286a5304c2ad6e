/** One field of a recorded state, before and after. `key` is a dotted path for nested objects. */
export interface DiffRow {
  key: string;
  before: unknown;
  after: unknown;
  inBefore: boolean;
  inAfter: boolean;
  changed: boolean;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nested plain objects as dotted keys (`limits.image`); arrays and other values stay whole. */
function flatten(value: Record<string, unknown>, prefix = '', out = new Map<string, unknown>()) {
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(inner) && Object.keys(inner).length > 0) flatten(inner, path, out);
    else out.set(path, inner);
  }
  return out;
}

/** Structural equality of JSON values (key order of objects does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return false;
}

/**
 * The rows of a before/after view. Two objects (or one and nothing) give a row per field, keys of
 * the state before first, then the ones only after; anything else (a list, a text) is one row
 * with an empty key. Null and undefined mean "nothing recorded".
 */
export function diffStates(before: unknown, after: unknown): DiffRow[] {
  const none = (v: unknown) => v === null || v === undefined;
  if (none(before) && none(after)) return [];
  if ((isPlainObject(before) || none(before)) && (isPlainObject(after) || none(after))) {
    const b = isPlainObject(before) ? flatten(before) : new Map<string, unknown>();
    const a = isPlainObject(after) ? flatten(after) : new Map<string, unknown>();
    const keys = [...b.keys(), ...[...a.keys()].filter((k) => !b.has(k))];
    return keys.map((key) => ({
      key,
      before: b.get(key),
      after: a.get(key),
      inBefore: b.has(key),
      inAfter: a.has(key),
      changed: b.has(key) !== a.has(key) || !sameJson(b.get(key), a.get(key)),
    }));
  }
  return [
    {
      key: '',
      before,
      after,
      inBefore: !none(before),
      inAfter: !none(after),
      changed: !sameJson(before, after),
    },
  ];
}

/** A value as a reader sees it: texts as they are, everything else as compact JSON. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}
