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
   * A task not done this long after it was asked for is ended (waiting in the queue counts: a
   * request never hangs longer than this for its document).
   */
  timeoutMs: number;
  /** Tasks waiting for a free worker at most; one more is refused at once. */
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

export function createDocumentWork(settings: DocumentWorkSettings): DocumentWork {
  let pool: Piscina | undefined;
  const poolOf = () =>
    (pool ??= new Piscina({
      ...workerEntry(),
      minThreads: 0,
      maxThreads: settings.threads,
      idleTimeout: IDLE_MS,
      maxQueue: settings.maxQueue,
      resourceLimits: {
        maxOldGenerationSizeMb: settings.memoryMb,
        maxYoungGenerationSizeMb: Math.max(1, Math.min(16, Math.floor(settings.memoryMb / 4))),
        stackSizeMb: 4,
      },
    }));

  return {
    async run(task, input) {
      try {
        return await poolOf().run({ task, input }, { signal: AbortSignal.timeout(settings.timeoutMs) });
      } catch (err) {
        throw refusalOf(err) ?? err;
      }
    },
    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}

function refusalOf(err: unknown): DocumentWorkRefused | undefined {
  const { name, code, message } = (err ?? {}) as { name?: string; code?: string; message?: string };
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new DocumentWorkRefused('tooComplex', 'over the memory limit');
  // The signal's timeout (a running task's worker is ended with it).
  if (name === 'AbortError') return new DocumentWorkRefused('tooComplex', 'over the time limit');
  if (message === 'Task queue is at limit' || message === 'No task queue available and all Workers are busy')
    return new DocumentWorkRefused('busy', 'queue full');
  // A stack overflow in a worker ends that worker like running out of memory does.
  if (err instanceof RangeError && /call stack/i.test(err.message))
    return new DocumentWorkRefused('tooComplex', 'over the stack limit');
  return undefined;
}
