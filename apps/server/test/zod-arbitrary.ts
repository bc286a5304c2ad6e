import fc from 'fast-check';
import type { z } from 'zod';

/**
 * A fast-check arbitrary of the values a zod 4 schema describes, for fuzzing the calls: mostly
 * valid, near the limits the schema declares (lengths, ranges, patterns), never exactly the
 * schema's own parse. Kinds the contracts do not use, and anything refined by code, become
 * `fc.anything()`: the fuzzer wants inputs, not proofs.
 */

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
  out?: z.ZodType;
  coerce?: boolean;
  getter?: () => z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  format?: string;
  pattern?: RegExp;
  checks?: Array<{ _zod: { def: CheckDef } }>;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

interface Bag {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  patterns?: Set<RegExp>;
}

/** The schema's definition, and its limits gathered from its checks. */
function internals(schema: z.ZodType): { def: Def; bag: Bag } {
  const def = (schema as unknown as { _zod?: { def: Def } })._zod?.def ?? { type: 'unknown' };
  const bag: Bag = { format: def.format, patterns: new Set(def.pattern ? [def.pattern] : []) };
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length' || c.check === 'min_size') bag.minimum = c.minimum;
    else if (c.check === 'max_length' || c.check === 'max_size') bag.maximum = c.maximum;
    else if (c.check === 'length_equals') bag.minimum = bag.maximum = c.length;
    else if (c.check === 'greater_than') bag.minimum = (c.value ?? 0) + (c.inclusive ? 0 : 1);
    else if (c.check === 'less_than') bag.maximum = (c.value ?? 0) - (c.inclusive ? 0 : 1);
    else if (c.check === 'number_format') bag.format = c.format;
    else if (c.check === 'string_format') {
      if (c.pattern) bag.patterns!.add(c.pattern);
      if (c.format !== 'regex') bag.format = c.format;
    }
  }
  return { def, bag };
}

/** Text that hurts parsers and sanitisers, mixed into every string. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '\u202e\u200b',
  '𝕏'.repeat(10),
  '9'.repeat(40),
  '-1',
  'NaN',
  '1e309',
  '{"a":1}',
];

function stringArbitrary(bag: Bag): fc.Arbitrary<string> {
  const min = Math.max(0, bag.minimum ?? 0);
  const max = Math.min(bag.maximum ?? min + 40, min + 40);
  const plain = fc.string({ minLength: min, maxLength: Math.max(min, max), unit: 'grapheme' });
  const near =
    bag.maximum !== undefined ? [fc.constant('x'.repeat(bag.maximum)), fc.constant('x'.repeat(bag.maximum + 1))] : [];
  let shaped: fc.Arbitrary<string> | undefined;
  switch (bag.format) {
    case 'email':
      shaped = fc.emailAddress();
      break;
    case 'url':
      shaped = fc.webUrl();
      break;
    case 'uuid':
    case 'guid':
      shaped = fc.uuid();
      break;
    case 'datetime':
    case 'date':
      shaped = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      break;
  }
  if (!shaped && bag.patterns?.size) {
    try {
      shaped = fc.stringMatching([...bag.patterns][0]!);
    } catch {
      shaped = undefined;
    }
  }
  return fc.oneof(
    { arbitrary: shaped ?? plain, weight: 6 },
    { arbitrary: plain, weight: 2 },
    { arbitrary: fc.constantFrom(...NASTY), weight: 1 },
    ...near.map((arbitrary) => ({ arbitrary, weight: 1 })),
  );
}

function numberArbitrary(bag: Bag, coerce: boolean): fc.Arbitrary<unknown> {
  const integer = bag.format !== undefined && /int/.test(bag.format);
  const min = Math.max(bag.minimum ?? bag.exclusiveMinimum ?? -1e9, -1e15);
  const max = Math.min(bag.maximum ?? bag.exclusiveMaximum ?? 1e9, 1e15);
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  const inRange = integer
    ? fc.integer({
        min: Math.ceil(Math.max(lo, Number.MIN_SAFE_INTEGER)),
        max: Math.floor(Math.min(hi, Number.MAX_SAFE_INTEGER)),
      })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  const edges = fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1.5, lo - 1, hi + 1);
  const small = fc.integer({ min: -2, max: 50 });
  const value = fc.oneof(
    { arbitrary: inRange, weight: 4 },
    { arbitrary: small, weight: 3 },
    { arbitrary: edges, weight: 1 },
  );
  return coerce ? fc.oneof(value, value.map(String), fc.constantFrom('', 'abc', '0x10', ' 1 ')) : value;
}

/** Values of `schema`, `depth` levels into a recursive schema at most. */
export function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  const { def, bag } = internals(schema);
  const inner = (s: z.ZodType | undefined) => (s ? arbitraryOf(s, depth + 1) : fc.anything());
  switch (def.type) {
    case 'string':
      return def.coerce ? fc.oneof(stringArbitrary(bag), fc.integer()) : stringArbitrary(bag);
    case 'number':
    case 'int':
      return numberArbitrary(bag, def.coerce === true);
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return def.coerce ? fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 1, 0)) : fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { a: 'a' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'array': {
      const max = Math.min(bag.maximum ?? 5, (bag.minimum ?? 0) + 5);
      return fc.array(inner(def.element), { minLength: bag.minimum ?? 0, maxLength: Math.max(bag.minimum ?? 0, max) });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((i) => inner(i)));
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const optional = keys.filter((k) => ['optional', 'default', 'prefault'].includes(internals(shape[k]!).def.type));
      return fc.record(Object.fromEntries(keys.map((k) => [k, inner(shape[k])])), {
        requiredKeys: keys.filter((k) => !optional.includes(k)),
      });
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner(def.valueType), { maxKeys: 4 });
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => inner(o)));
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([a, b]) => (a && b && typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a));
    case 'pipe':
      // The input side is what a client sends; a transform has no declared input.
      return internals(def.in!).def.type === 'transform' ? inner(def.out) : inner(def.in);
    case 'lazy':
      return def.getter ? inner(def.getter()) : fc.anything();
    default:
      return fc.anything();
  }
}

/** The top-level fields of an object schema (after optional, pipe and the like), or none. */
export function topLevelShape(schema: z.ZodType): Record<string, z.ZodType> {
  let current: z.ZodType | undefined = schema;
  for (let i = 0; i < 5 && current; i++) {
    const { def } = internals(current);
    if (def.type === 'object') return def.shape ?? {};
    current = def.type === 'pipe' ? def.in : def.innerType;
  }
  return {};
}

/** The kind of a schema once wrappers (optional, nullable, default, pipe) are taken off. */
export function kindOf(schema: z.ZodType): string {
  let current: z.ZodType | undefined = schema;
  for (let i = 0; i < 6 && current; i++) {
    const { def } = internals(current);
    if (!['optional', 'nullable', 'default', 'prefault', 'pipe', 'readonly', 'catch'].includes(def.type))
      return def.type;
    current = def.type === 'pipe' ? def.in : def.innerType;
  }
  return 'unknown';
}
