export interface RenderGateOptions {
  /** Renders under way at once (more only help while renders wait on a database server). */
  maxActive: number;
  /** Renders waiting for a turn; past this a page is refused at once. */
  maxQueued: number;
  /** How long a page may wait for its turn before it is refused. */
  maxWaitMs: number;
}

interface Waiter {
  admit: (release: () => void) => void;
  refuse: () => void;
  timer: NodeJS.Timeout;
  gone: () => boolean;
}

/**
 * Admission for page renders, so that under any load the event loop keeps turning and every
 * request it cannot serve is refused at once with 503 instead of timing out.
 *
 * A render, its loaders on the embedded database included, runs as one chain of microtasks: CPU
 * work of some milliseconds that never returns to the event loop. And Node accepts one new
 * connection per turn of the event loop: turns that carry several renders each leave arriving
 * connections unread in the kernel's accept queue, unrefused, until their clients give up. So
 * renders start here one per turn (setImmediate), each turn first reading and answering what
 * arrived; at most `maxActive` are under way, `maxQueued` more wait at most `maxWaitMs`, and the
 * rest are refused. A waiting page whose visitor left is skipped.
 */
export class RenderGate {
  private active = 0;
  private readonly queue: Waiter[] = [];
  /** Turns granted, started one per turn of the event loop. */
  private readonly starting: Array<() => void> = [];
  private pumping = false;

  constructor(private readonly options: RenderGateOptions) {}

  /**
   * A release function once the page may render (call it when the render is done), or null when
   * the page is refused: the queue is full, its wait ran out, or the visitor went away.
   */
  enter(gone: () => boolean): Promise<(() => void) | null> {
    // Pages already waiting go first: a newcomer takes a free turn only when nobody waits.
    if (this.active < this.options.maxActive && this.queue.length === 0) {
      this.active += 1;
      const release = this.release();
      return new Promise((resolve) => this.start(() => resolve(release)));
    }
    if (this.queue.length >= this.options.maxQueued) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: (release) => resolve(release),
        refuse: () => resolve(null),
        gone,
        timer: setTimeout(() => {
          const at = this.queue.indexOf(waiter);
          if (at >= 0) this.queue.splice(at, 1);
          resolve(null);
        }, this.options.maxWaitMs),
      };
      this.queue.push(waiter);
    });
  }

  /** Renders under way and pages waiting, for tests and logs. */
  get load(): { active: number; queued: number } {
    return { active: this.active, queued: this.queue.length };
  }

  private release(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      this.next();
    };
  }

  /** Hands free turns to the pages waiting, skipping those whose visitor left. */
  private next(): void {
    while (this.active < this.options.maxActive && this.queue.length) {
      const waiter = this.queue.shift()!;
      clearTimeout(waiter.timer);
      if (waiter.gone()) {
        waiter.refuse();
        continue;
      }
      this.active += 1;
      const release = this.release();
      this.start(() => waiter.admit(release));
    }
  }

  private start(begin: () => void): void {
    this.starting.push(begin);
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(() => this.pump());
  }

  /** Starts one render, and the next from the next turn, after that turn's I/O. */
  private pump(): void {
    this.starting.shift()?.();
    if (this.starting.length) setImmediate(() => this.pump());
    else this.pumping = false;
  }
}
