import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Executor } from '../db/executor';
import type { DB } from '../db/schema';

/** A viewer counts once per post in this long: reloading, or the page asking again after a comment, is not a view. */
export const VIEW_WINDOW_MS = 10 * 60 * 1000;
/** Viewers remembered at most (about 100 bytes each); past it the oldest are forgotten first. */
const MAX_REMEMBERED_VIEWS = 50_000;

/** The tables whose rows count views (each has `id` and `view_count`). */
export type ViewedTable = 'posts' | 'topic_articles';

/**
 * Views (of posts, of topic articles) without a database write per request: each process adds views up in memory and writes
 * them in one `view_count = view_count + n` per post every second (and when the app closes). In
 * scale-out every process flushes its own share into the shared database, so the total stays exact;
 * a process shows its own unflushed views on top of the stored count.
 *
 * A viewer (a member, else an address) counts once per post per `VIEW_WINDOW_MS`. Each process
 * remembers the viewers it has seen; in scale-out, a viewer new to this process is checked against
 * the viewers all processes share (`shared`, in Redis), so one whose requests reach two processes
 * still counts once.
 */
export function viewCounter(
  db: Kysely<DB>,
  opts: {
    /** The viewers every process of the deployment has seen (scale-out); none in the embedded mode. */
    shared?: SharedViewers;
    windowMs?: number;
    maxRemembered?: number;
    now?: () => number;
    onError?: (err: unknown) => void;
    /** Whose `view_count` the views go to; posts unless said. */
    table?: ViewedTable;
    /**
     * More to count with each row's views, in the transaction that adds them to its `view_count`
     * (a topic's views per day): `at` is when they are written.
     */
    alsoCount?: (executor: Executor, id: number, views: number, at: number) => Promise<void>;
  } = {},
) {
  const table = opts.table ?? 'posts';
  let pending = new Map<number, number>();
  let flushing: Promise<void> | null = null;
  const windowMs = opts.windowMs ?? VIEW_WINDOW_MS;
  const maxRemembered = opts.maxRemembered ?? MAX_REMEMBERED_VIEWS;
  const now = opts.now ?? Date.now;
  /** `post:viewer` → when the view stops counting; insertion order is expiry order (one window for all). */
  const seen = new Map<string, number>();

  function firstViewIn(key: string): boolean {
    const at = now();
    for (const [oldest, until] of seen) {
      if (until > at && seen.size < maxRemembered) break;
      seen.delete(oldest);
    }
    const until = seen.get(key);
    if (until !== undefined && until > at) return false;
    seen.delete(key);
    seen.set(key, at + windowMs);
    return true;
  }

  async function flush(): Promise<void> {
    if (flushing) await flushing;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    flushing = (async () => {
      const at = now();
      for (const [postId, n] of batch) {
        try {
          const write = async (executor: Executor) => {
            await executor
              .updateTable(table)
              .set((eb) => ({ view_count: eb('view_count', '+', n) }))
              .where('id', '=', postId)
              .execute();
            await opts.alsoCount?.(executor, postId, n, at);
          };
          await (opts.alsoCount ? db.transaction().execute(write) : write(db));
        } catch (err) {
          // Put them back for the next round rather than lose them.
          pending.set(postId, (pending.get(postId) ?? 0) + n);
          opts.onError?.(err);
        }
      }
    })();
    try {
      await flushing;
    } finally {
      flushing = null;
    }
  }

  /** A shared memory that cannot answer does not lose the view: it counts, as the embedded mode would. */
  async function firstViewShared(key: string): Promise<boolean> {
    if (!opts.shared) return true;
    try {
      return await opts.shared.firstView(key, windowMs);
    } catch (err) {
      opts.onError?.(err);
      return true;
    }
  }

  return {
    /**
     * Counts a view by `viewer` (`m<id>` for a member, `ip<address>` for a visitor) unless they viewed
     * the post within the window; answers the views of this post not yet written.
     */
    async add(postId: number, viewer: string): Promise<number> {
      const key = `${postId}:${viewer}`;
      if (firstViewIn(key) && (await firstViewShared(key))) pending.set(postId, (pending.get(postId) ?? 0) + 1);
      return pending.get(postId) ?? 0;
    },
    /** Views of this post counted here and not yet written. */
    pendingFor(postId: number): number {
      return pending.get(postId) ?? 0;
    },
    /** Writes the views counted so far: the owning feature's job, every second and once more at close. */
    flush,
  };
}

export type ViewCounter = ReturnType<typeof viewCounter>;

/** Viewers remembered by all the processes of a deployment. */
export interface SharedViewers {
  /** True when no process has seen this `post:viewer` key in the window, which it now remembers. */
  firstView(key: string, windowMs: number): Promise<boolean>;
}

/** The scale-out mode's shared viewers: one Redis key per viewer and post, gone when its window ends. */
export function redisViewers(redis: Redis, keyPrefix: string): SharedViewers {
  return {
    async firstView(key, windowMs) {
      return (await redis.set(`${keyPrefix}${key}`, '1', 'PX', windowMs, 'NX')) === 'OK';
    },
  };
}
