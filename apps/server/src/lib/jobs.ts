import type { FastifyBaseLogger } from 'fastify';

/** Background work a domain runs on a timer, in every process (each job must be safe to run twice at once). */
export interface JobDefinition {
  /** Names the job in the logs. */
  name: string;
  /** How often it runs. */
  everyMs: number;
  /** The first run after the start (default: one interval). */
  firstAfterMs?: number;
  /** Runs once more while the app closes, e.g. to write what a buffer holds. */
  runOnClose?: boolean;
  run(): Promise<void>;
}

/** Where domains add their jobs while they register; the app starts them when ready and stops them on close. */
export interface Jobs {
  add(job: JobDefinition): void;
}

/**
 * The one registry of background jobs. A run that is still going when its next turn comes is not
 * started again; a failing run is logged with the job's name and the job keeps its schedule.
 */
export function jobRunner(log: FastifyBaseLogger): Jobs & { start(): void; stop(): Promise<void> } {
  const jobs: JobDefinition[] = [];
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let started = false;

  function runNow(job: JobDefinition): Promise<void> {
    const current = running.get(job.name);
    if (current) return current;
    const run = job
      .run()
      .catch((err: unknown) => log.error({ err, job: job.name }, 'background job failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  }

  function schedule(job: JobDefinition) {
    const first = setTimeout(() => {
      void runNow(job);
      const every = setInterval(() => void runNow(job), job.everyMs);
      every.unref();
      timers.push(every);
    }, job.firstAfterMs ?? job.everyMs);
    first.unref();
    timers.push(first);
  }

  return {
    add(job) {
      if (jobs.some((j) => j.name === job.name)) throw new Error(`job ${job.name} is added twice`);
      jobs.push(job);
      if (started) schedule(job);
    },
    start() {
      if (started) return;
      started = true;
      for (const job of jobs) schedule(job);
    },
    async stop() {
      started = false;
      for (const timer of timers.splice(0)) clearTimeout(timer);
      await Promise.all(running.values());
      await Promise.all(jobs.filter((j) => j.runOnClose).map((j) => runNow(j)));
    },
  };
}
