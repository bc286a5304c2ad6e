/**
 * A short-lived cache for answers that many readers ask for at once and that do not depend on who
 * asks (the first page of a public list). An entry lives until its own deadline, never longer than
 * `ttlMs`; concurrent misses of one key share one load; `clear()`, called after each write that
 * changes what is cached, drops every entry and any load already under way, so a reader of this
 * process never sees an answer older than the last write made here. Another process of a scale-out
 * deployment sees that write at most `ttlMs` late. A `ttlMs` of 0 turns the cache off.
 */
export interface MicroCache<V> {
  /**
   * The cached answer for `key`, or what `load` gives: its `value`, kept until `until` (a time of
   * the cache's clock) or `ttlMs` from now, whichever comes first.
   */
  get(key: string, load: () => Promise<{ value: V; until?: number }>): Promise<V>;
  clear(): void;
}

export function microCache<V>(opts: { ttlMs: number; maxEntries: number; now: () => number }): MicroCache<V> {
  const entries = new Map<string, { value: V; until: number }>();
  const loading = new Map<string, Promise<V>>();
  let generation = 0;

  return {
    async get(key, load) {
      if (opts.ttlMs <= 0) return (await load()).value;
      const now = opts.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      const pending = loading.get(key);
      if (pending) return pending;

      const startedIn = generation;
      const promise = load()
        .then(({ value, until }) => {
          // A write cleared the cache while this load ran: its answer may predate the write.
          if (startedIn === generation) {
            entries.delete(key);
            if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value!);
            entries.set(key, { value, until: Math.min(now + opts.ttlMs, until ?? Infinity) });
          }
          return value;
        })
        .finally(() => {
          if (loading.get(key) === promise) loading.delete(key);
        });
      loading.set(key, promise);
      return promise;
    },

    clear() {
      entries.clear();
      loading.clear();
      generation += 1;
    },
  };
}
