import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/schema';
import { redisViewers, viewCounter, type SharedViewers } from './view-counter';

// add() never touches the database; nothing here flushes.
const noDb = {} as Kysely<DB>;

function counter(opts: { windowMs?: number; maxRemembered?: number; shared?: SharedViewers } = {}) {
  let now = 0;
  const errors: unknown[] = [];
  const views = viewCounter(noDb, { now: () => now, onError: (e) => errors.push(e), ...opts });
  return { views, errors, later: (ms: number) => (now += ms) };
}

describe('the view counter', () => {
  it('counts a viewer once per post in the window, and again after it', async () => {
    const { views, later } = counter({ windowMs: 1000 });
    expect(await views.add(1, 'ip1.2.3.4')).toBe(1);
    expect(await views.add(1, 'ip1.2.3.4')).toBe(1);
    later(999);
    expect(await views.add(1, 'ip1.2.3.4')).toBe(1);
    later(1);
    expect(await views.add(1, 'ip1.2.3.4')).toBe(2);
  });

  it('counts each viewer and each post on its own', async () => {
    const { views } = counter();
    await views.add(1, 'm7');
    await views.add(1, 'ip1.2.3.4');
    await views.add(2, 'm7');
    expect(views.pendingFor(1)).toBe(2);
    expect(views.pendingFor(2)).toBe(1);
  });

  it('forgets the oldest viewers first when it remembers too many', async () => {
    const { views } = counter({ maxRemembered: 3 });
    for (const viewer of ['a', 'b', 'c', 'd']) await views.add(1, viewer);
    expect(views.pendingFor(1)).toBe(4);
    // 'a' was forgotten to make room for 'd': it counts again; 'd' is still remembered.
    expect(await views.add(1, 'a')).toBe(5);
    expect(await views.add(1, 'd')).toBe(5);
  });
});

// The scale-out mode's shared viewers, in the Redis that runs beside PostgreSQL on every machine.
describe('viewers shared by the processes of a deployment (Redis)', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const clients: Redis[] = [];
  const shared = () => {
    const redis = new Redis(redisUrl);
    clients.push(redis);
    return redisViewers(redis, `portal-test-${crypto.randomBytes(6).toString('hex')}-views:`);
  };
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('counts a viewer once in the window, whichever process their requests reach', async () => {
    const viewers = shared();
    const first = counter({ shared: viewers });
    const second = counter({ shared: viewers });
    expect(await first.views.add(1, 'ip203.0.113.9')).toBe(1);
    expect(await second.views.add(1, 'ip203.0.113.9')).toBe(0);
    expect(await second.views.add(1, 'm7')).toBe(1);
    expect(await first.views.add(1, 'm7')).toBe(1);
    // Another post is another view.
    expect(await second.views.add(2, 'ip203.0.113.9')).toBe(1);
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
  });

  it('counts the viewer again once the shared window has passed', async () => {
    const viewers = shared();
    const first = counter({ shared: viewers, windowMs: 150 });
    const second = counter({ shared: viewers, windowMs: 150 });
    expect(await first.views.add(1, 'm7')).toBe(1);
    expect(await second.views.add(1, 'm7')).toBe(0);
    // Redis forgets on its own clock; this process's memory on the counter's.
    await new Promise((r) => setTimeout(r, 200));
    second.later(200);
    expect(await second.views.add(1, 'm7')).toBe(1);
  });

  it('still counts, and says why, when Redis cannot answer', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const { views, errors } = counter({ shared: redisViewers(down, 'portal-test-down-views:') });
    expect(await views.add(1, 'm7')).toBe(1);
    // This process still remembers the viewer.
    expect(await views.add(1, 'm7')).toBe(1);
    expect(errors).toHaveLength(1);
    down.disconnect();
  });
});
