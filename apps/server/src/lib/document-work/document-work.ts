import { Piscina } from 'piscina';

/**
 * Heavy document work (Word conversion now; spreadsheets and PDFs later) runs in ONE pool of worker
 * threads, never on the heap that serves requests: a hostile document can exhaust a worker, not the
 * portal. Each task has a memory limit (the worker's V8 heap), a time limit and a bounded queue;
 * a worker that runs out of memory or time is ended and piscina starts a fresh one for the next
 * task. Idle workers close after IDLE_MS, so an idle server holds none.
 *
 * Tasks are the functions listed by `src/document-worker.ts` (one entry for every kind of work,
 * bundled beside main.js as dist/document-worker.js); a feature adds its task there and calls it by
 * name through `run`.
 */

export interface DocumentWorkSettings {
  /** Worker threads at most (never more than the cores). */
  threads: number;
  /** The V8 heap (old generation) of each worker, in MB. */
  memoryMb: number;
  /**
   * A task running this long is ended (too complex); one that waited this long for a free thread
   * is refused as busy.
   */
  timeoutMs: number;
  /** Tasks waiting for a free thread at most; one more is refused at once (busy). */
  maxQueue: number;
}

/** Why a task did not finish: over its memory or time limit, or the queue was full. */
export class DocumentWorkRefused extends Error {
  constructor(
    readonly reason: 'tooComplex' | 'busy',
    message: string,
  ) {
    super(message);
    this.name = 'DocumentWorkRefused';
  }
}

export interface DocumentWork {
  /**
   * Runs the worker entry's task `task` on `input` (structured-cloned both ways).
   * Rejects with DocumentWorkRefused for a limit; the task's own errors pass through.
   */
  run<F extends (input: never) => unknown>(task: string, input: Parameters<F>[0]): Promise<Awaited<ReturnType<F>>>;
  /** Ends the workers (the app's onClose). */
  close(): Promise<void>;
}

/** Idle workers close after this long. */
const IDLE_MS = 30_000;

/**
 * Where the worker entry is: from source (tsx, vitest) ts-worker.mjs, which loads the TypeScript
 * entry through tsx; from the bundle (dist/main.js and its chunks all sit in dist/)
 * dist/document-worker.js. No inherited Node flags: the main process's --max-old-space-size must
 * not stand in for the workers' resourceLimits.
 */
export function workerEntry(moduleUrl = import.meta.url): { filename: string; execArgv: string[] } {
  const fromSource = moduleUrl.endsWith('.ts');
  return { filename: new URL(fromSource ? './ts-worker.mjs' : './document-worker.js', moduleUrl).href, execArgv: [] };
}

/**
 * The queue is ours, not piscina's: a task goes to the pool only when a thread is free for it, so
 * a worker ended for its memory is replaced by the next task's call (piscina, with no threads kept
 * when idle, would otherwise leave its own queue waiting for a new call).
 */
export function createDocumentWork(settings: DocumentWorkSettings): DocumentWork {
  let pool: Piscina | undefined;
  const poolOf = () =>
    (pool ??= new Piscina({
      ...workerEntry(),
      minThreads: 0,
      maxThreads: settings.threads,
      idleTimeout: IDLE_MS,
      // A task is only sent when a thread is free; it waits here just while a worker starts.
      maxQueue: settings.threads,
      resourceLimits: {
        maxOldGenerationSizeMb: settings.memoryMb,
        maxYoungGenerationSizeMb: Math.max(1, Math.min(16, Math.floor(settings.memoryMb / 4))),
        stackSizeMb: 4,
      },
    }));

  let running = 0;
  const waiting: Array<{ start(): void; fail(err: Error): void }> = [];

  /** A free thread, or a place in the queue for at most the time limit; else busy. */
  function turn(): Promise<void> {
    if (running < settings.threads) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= settings.maxQueue) return Promise.reject(new DocumentWorkRefused('busy', 'queue full'));
    return new Promise((resolve, reject) => {
      const waiter = {
        start() {
          clearTimeout(timer);
          running += 1;
          resolve();
        },
        fail(err: Error) {
          clearTimeout(timer);
          reject(err);
        },
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(new DocumentWorkRefused('busy', 'no thread free within the time limit'));
      }, settings.timeoutMs);
      waiting.push(waiter);
    });
  }

  function done() {
    running -= 1;
    waiting.shift()?.start();
  }

  return {
    async run(task, input) {
      await turn();
      try {
        return await poolOf().run({ task, input }, { signal: AbortSignal.timeout(settings.timeoutMs) });
      } catch (err) {
        throw refusalOf(err) ?? err;
      } finally {
        done();
      }
    },
    async close() {
      for (const waiter of waiting.splice(0)) waiter.fail(new Error('document work closed'));
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}

function refusalOf(err: unknown): DocumentWorkRefused | undefined {
  const { name, code } = (err ?? {}) as { name?: string; code?: string };
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new DocumentWorkRefused('tooComplex', 'over the memory limit');
  // The signal's timeout (a running task's worker is ended with it).
  if (name === 'AbortError') return new DocumentWorkRefused('tooComplex', 'over the time limit');
  // A stack overflow in a worker ends that worker like running out of memory does.
  if (err instanceof RangeError && /call stack/i.test(err.message))
    return new DocumentWorkRefused('tooComplex', 'over the stack limit');
  return undefined;
}
