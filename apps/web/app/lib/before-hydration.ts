import { createElement, lazy, type ComponentType } from 'react';

/**
 * Work a page's modules start while they are evaluated, before the document is hydrated: the route
 * modules of the first page run before the client entry, which waits for this work (and for what
 * that work registers in turn, at most a few seconds in all) before it hydrates. Code that the
 * server rendered but the client loads lazily is loaded here, so it hydrates with the rest of the
 * page and a press on it right after hydration is never lost.
 */
const KEY = '__portalBeforeHydration';

type WithPending = typeof globalThis & { [KEY]?: Array<Promise<unknown>> };

const pending = (): Array<Promise<unknown>> => ((globalThis as WithPending)[KEY] ??= []);

/** Registers `work` for the first hydration, in the browser only; a failure only ends the wait. */
export function beforeHydration(work: () => Promise<unknown>): void {
  if (typeof document === 'undefined') return;
  pending().push(work().catch(() => undefined));
}

/** What the client entry waits for before it hydrates: every registered work, or `limitMs`. */
export async function hydrationWork(limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  let done = 0;
  while (pending().length > done && Date.now() < deadline) {
    const batch = pending().slice(done);
    done = pending().length;
    await Promise.race([
      Promise.all(batch),
      new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
    ]);
  }
}

/**
 * A component whose code loads on demand, like `React.lazy`, but that renders at once (without
 * suspending) once `preload` has loaded it: loaded before hydration, it hydrates with the page.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Component: ComponentType<P>; preload: () => Promise<void> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
    }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Component(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  return { Component, preload };
}
