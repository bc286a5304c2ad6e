import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobRunner } from './jobs';

/** Only `error` is written to, by a failing run. */
const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

afterEach(() => {
  vi.useRealTimers();
});

describe('background jobs', () => {
  it('runs nothing before the start, then first after firstAfterMs and every everyMs', async () => {
    vi.useFakeTimers();
    const jobs = jobRunner(log);
    const run = vi.fn(async () => {});
    jobs.add({ name: 'count', firstAfterMs: 50, everyMs: 100, run });
    await vi.advanceTimersByTimeAsync(500);
    expect(run).not.toHaveBeenCalled();
    jobs.start();
    await vi.advanceTimersByTimeAsync(49);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(run).toHaveBeenCalledTimes(3);
    await jobs.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('never starts a run while the previous one is going, and keeps the schedule after a failure', async () => {
    vi.useFakeTimers();
    const jobs = jobRunner(log);
    let finish: () => void = () => {};
    let runs = 0;
    jobs.add({
      name: 'slow',
      everyMs: 10,
      run: () => {
        runs += 1;
        if (runs === 1) return new Promise<void>((resolve) => (finish = resolve));
        return Promise.reject(new Error('broken'));
      },
    });
    jobs.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(30);
    expect(runs).toBe(4);
    await jobs.stop();
  });

  it('waits for a run in progress and runs the close jobs once more when stopped', async () => {
    const jobs = jobRunner(log);
    const written: string[] = [];
    jobs.add({ name: 'flush', everyMs: 60_000, runOnClose: true, run: async () => void written.push('flush') });
    jobs.add({ name: 'sweep', everyMs: 60_000, run: async () => void written.push('sweep') });
    jobs.start();
    await jobs.stop();
    expect(written).toEqual(['flush']);
  });

  it('refuses a job name given twice', () => {
    const jobs = jobRunner(log);
    jobs.add({ name: 'once', everyMs: 1000, run: async () => {} });
    expect(() => jobs.add({ name: 'once', everyMs: 1000, run: async () => {} })).toThrow(/twice/);
  });
});
