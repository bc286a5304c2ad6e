import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Post views without a database write per request: each process adds views up in memory and writes
 * them in one `view_count = view_count + n` per post every second (and when the app closes). In
 * scale-out every process flushes its own share into the shared database, so the total stays exact;
 * a process shows its own unflushed views on top of the stored count.
 */
export function viewCounter(db: Kysely<DB>, opts: { flushMs?: number; onError?: (err: unknown) => void } = {}) {
  let pending = new Map<number, number>();
  let flushing: Promise<void> | null = null;

  async function flush(): Promise<void> {
    if (flushing) await flushing;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    flushing = (async () => {
      for (const [postId, n] of batch) {
        try {
          await db
            .updateTable('posts')
            .set((eb) => ({ view_count: eb('view_count', '+', n) }))
            .where('id', '=', postId)
            .execute();
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

  const timer = setInterval(() => void flush(), opts.flushMs ?? 1000);
  timer.unref();

  return {
    /** Counts one view; answers the views of this post not yet written. */
    add(postId: number): number {
      const n = (pending.get(postId) ?? 0) + 1;
      pending.set(postId, n);
      return n;
    },
    /** Views of this post counted here and not yet written. */
    pendingFor(postId: number): number {
      return pending.get(postId) ?? 0;
    },
    flush,
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type ViewCounter = ReturnType<typeof viewCounter>;
