import { z } from 'zod';

/**
 * `z` for the contracts, and `lazySchema`, which every schema a contract builds when its module loads
 * goes through. Here (the server, the server render, tests) zod is loaded with the contracts and a
 * schema is built at once. The browser's build takes `zod.browser.ts` instead
 * (apps/web/server/contracts-without-zod.ts), where a schema is built on its first use, so a page
 * that imports contracts for their calls' paths loads no zod at start.
 */
export { z };

/** The schema `build` returns: built now. */
export function lazySchema<T extends object>(build: () => T): T {
  return build();
}

/** Resolves once zod is there to build schemas with (always, here). */
export function loadZod(): Promise<void> {
  return Promise.resolve();
}

/** Hands zod to `lazySchema` (`zod-ready.ts`); zod is already here. */
export function provideZod(_zod: typeof z): void {}
