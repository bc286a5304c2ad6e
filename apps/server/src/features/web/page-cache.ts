/**
 * A rendered page kept for anonymous visitors. `body` is the HTML as bytes, cut where the render's
 * placeholder nonce stood, so an answer is the segments joined by the request's own nonce: no big
 * string is built per request (pages with Chinese text are two-byte strings, which V8 puts straight
 * into the old generation).
 */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: readonly Buffer[];
}

interface Entry {
  page: CachedPage;
  expiresAt: number;
  bytes: number;
}

/**
 * A small in-memory LRU of rendered pages with a time to live, bounded both in pages and in bytes
 * (the bytes are outside the JavaScript heap, so the heap limit does not bound them). Concurrent
 * misses for one key share a single render, so a burst of visitors on a cold page costs one render,
 * not hundreds.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<CachedPage | null>>();
  private totalBytes = 0;

  constructor(private readonly options: { maxEntries: number; maxBytes?: number; ttlMs: number; now?: () => number }) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(key);
      return undefined;
    }
    // Map order is insertion order: re-inserting marks the entry as most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  set(key: string, page: CachedPage): void {
    const bytes = page.body.reduce((sum, part) => sum + part.length, 0);
    const maxBytes = this.options.maxBytes ?? Infinity;
    this.remove(key);
    if (bytes > maxBytes) return;
    this.entries.set(key, { page, expiresAt: this.now() + this.options.ttlMs, bytes });
    this.totalBytes += bytes;
    while (this.entries.size > this.options.maxEntries || this.totalBytes > maxBytes) {
      this.remove(this.entries.keys().next().value as string);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes of the pages held. */
  get bytes(): number {
    return this.totalBytes;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  /**
   * The cached page for `key`, else the result of `render`, stored when it returns a page. Callers
   * arriving while a render for the same key runs wait for it instead of rendering again.
   */
  async getOrRender(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const hit = this.get(key);
    if (hit) return hit;
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = render()
      .then((page) => {
        if (page) this.set(key, page);
        return page;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }
}
