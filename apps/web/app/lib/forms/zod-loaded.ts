import { loadZod } from '@portal/contracts/zod';

/** Fetches zod while the page is idle (a form's effect): the first check then finds it there. */
export function loadZodWhenIdle() {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  idle(() => void zodLoaded());
}

/**
 * Whether zod is there for a check in the browser (fetched now if need be). When it cannot be
 * fetched the network is down: the form checks nothing itself, sends as it is, and the request
 * client reports the network; the server checks whatever arrives. A later check fetches again.
 */
export async function zodLoaded(): Promise<boolean> {
  try {
    await loadZod();
    return true;
  } catch {
    return false;
  }
}
