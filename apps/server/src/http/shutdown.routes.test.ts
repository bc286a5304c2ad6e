import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

describe('graceful shutdown', () => {
  it('finishes a request in flight, refuses new work and closes the database', async () => {
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    const t = await createTestApp({
      extend: (app) =>
        app.get('/test/slow', async () => {
          arrived();
          await new Promise((r) => setTimeout(r, 400));
          return { done: true };
        }),
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    // Shut down once the request is being handled (on a busy machine its connection can take a while).
    await requestArrived;
    const closing = t.close();
    await new Promise((r) => setTimeout(r, 50));
    // A new request is refused: the listener is closed, or a kept-alive connection answers 503.
    const late = await fetch(`${address}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    await closing;
    await expect(t.database.ping()).rejects.toThrow();
  });
});
