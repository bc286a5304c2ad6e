import type { z as Zod } from 'zod';

/**
 * The browser's `zod.ts` (apps/web/server/contracts-without-zod.ts swaps it in): the contracts'
 * schemas are built on their first use, not when their modules load, so a page that imports
 * contracts only for their calls' paths and access rules loads none of zod at start (about 27 KB
 * gzip). zod arrives with the first answer to check (`loadZod`, the request client) or with a module
 * that validates as it renders, a form (`zod-ready.ts`, imported first).
 */
// A live binding: the contracts' builders read it when they run, after `provideZod`.
export let z: typeof Zod = undefined as unknown as typeof Zod;

/** Hands zod to the builders. Zod compiles fast parsers with `new Function`; the pages' CSP forbids eval. */
export function provideZod(zod: typeof Zod): void {
  if (z) return;
  zod.config({ jitless: true });
  z = zod;
}

let loading: Promise<void> | undefined;

/** Loads zod once (its own chunk) and hands it to the builders; after a failed load, the next call tries again. */
export function loadZod(): Promise<void> {
  loading ??= import('./zod-ready').then(
    () => undefined,
    (cause: unknown) => {
      loading = undefined;
      throw cause;
    },
  );
  return loading;
}

/**
 * A stand-in for the schema `build` returns, built on first use: any property read, check or
 * spread reaches the real schema, which is built then, once. Building before zod is there is a
 * bug in the caller (it should `await loadZod()` or import `zod-ready` first), and says so.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let real: T | undefined;
  const target = (): T => {
    if (real) return real;
    if (!z) throw new Error('A contract schema was used before zod was loaded: await loadZod() first');
    real = build();
    return real;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      // A proxy may not report a property its own (empty) target lacks as fixed.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}
