import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { viewCounter } from './view-counter';

// add() never touches the database; nothing here flushes.
const noDb = {} as Kysely<DB>;

function counter(opts: { windowMs?: number; maxRemembered?: number } = {}) {
  let now = 0;
  const views = viewCounter(noDb, { flushMs: 3_600_000, now: () => now, ...opts });
  return { views, later: (ms: number) => (now += ms) };
}

describe('the view counter', () => {
  it('counts a viewer once per post in the window, and again after it', () => {
    const { views, later } = counter({ windowMs: 1000 });
    expect(views.add(1, 'ip1.2.3.4')).toBe(1);
    expect(views.add(1, 'ip1.2.3.4')).toBe(1);
    later(999);
    expect(views.add(1, 'ip1.2.3.4')).toBe(1);
    later(1);
    expect(views.add(1, 'ip1.2.3.4')).toBe(2);
  });

  it('counts each viewer and each post on its own', () => {
    const { views } = counter();
    views.add(1, 'm7');
    views.add(1, 'ip1.2.3.4');
    views.add(2, 'm7');
    expect(views.pendingFor(1)).toBe(2);
    expect(views.pendingFor(2)).toBe(1);
  });

  it('forgets the oldest viewers first when it remembers too many', () => {
    const { views } = counter({ maxRemembered: 3 });
    for (const viewer of ['a', 'b', 'c', 'd']) views.add(1, viewer);
    expect(views.pendingFor(1)).toBe(4);
    // 'a' was forgotten to make room for 'd': it counts again; 'd' is still remembered.
    expect(views.add(1, 'a')).toBe(5);
    expect(views.add(1, 'd')).toBe(5);
  });
});
