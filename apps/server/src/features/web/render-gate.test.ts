import { describe, expect, it } from 'vitest';
import { RenderGate } from './render-gate';

const here = () => false;
/** A turn of the event loop, after the gate's own hand-on. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the render gate', () => {
  it('starts one render per turn of the event loop', async () => {
    const gate = new RenderGate({ maxActive: 3, maxQueued: 0, maxWaitMs: 1000 });
    const started: number[] = [];
    const turns = [1, 2, 3].map((n) => gate.enter(here).then((release) => (started.push(n), release)));
    expect(gate.load).toEqual({ active: 3, queued: 0 });
    await Promise.resolve();
    expect(started).toEqual([]);
    await tick();
    expect(started).toEqual([1]);
    await tick();
    expect(started).toEqual([1, 2]);
    await tick();
    expect(started).toEqual([1, 2, 3]);
    for (const turn of turns) (await turn)!();
    expect(gate.load).toEqual({ active: 0, queued: 0 });
  });

  it('admits renders up to its limit and queues the next ones in order', async () => {
    const gate = new RenderGate({ maxActive: 2, maxQueued: 2, maxWaitMs: 1000 });
    const a = await gate.enter(here);
    const b = await gate.enter(here);
    expect(a && b).toBeTruthy();
    const order: string[] = [];
    const c = gate.enter(here).then((release) => (order.push('c'), release));
    const d = gate.enter(here).then((release) => (order.push('d'), release));
    expect(gate.load).toEqual({ active: 2, queued: 2 });
    a!();
    a!(); // a second call of one release frees nothing more
    // The turn is handed on from the next turn of the event loop, not from the releasing chain.
    expect(order).toEqual([]);
    await Promise.resolve();
    expect(order).toEqual([]);
    await tick();
    expect(order).toEqual(['c']);
    expect(gate.load).toEqual({ active: 2, queued: 1 });
    b!();
    await tick();
    expect(order).toEqual(['c', 'd']);
    (await c)!();
    (await d)!();
    expect(gate.load).toEqual({ active: 0, queued: 0 });
  });

  it('lets no newcomer take a freed turn ahead of a page already waiting', async () => {
    const gate = new RenderGate({ maxActive: 1, maxQueued: 5, maxWaitMs: 1000 });
    const first = await gate.enter(here);
    const order: string[] = [];
    const waiting = gate.enter(here).then((release) => (order.push('waiting'), release));
    first!();
    const newcomer = gate.enter(here).then((release) => (order.push('newcomer'), release));
    (await waiting)!();
    (await newcomer)!();
    expect(order).toEqual(['waiting', 'newcomer']);
  });

  it('refuses at once when the queue is full', async () => {
    const gate = new RenderGate({ maxActive: 1, maxQueued: 1, maxWaitMs: 1000 });
    const first = await gate.enter(here);
    const waiting = gate.enter(here);
    expect(await gate.enter(here)).toBeNull();
    first!();
    (await waiting)!();
  });

  it('refuses a page whose wait ran out, and one whose visitor left', async () => {
    const gate = new RenderGate({ maxActive: 1, maxQueued: 5, maxWaitMs: 20 });
    const first = await gate.enter(here);
    expect(await gate.enter(here)).toBeNull();
    expect(gate.load.queued).toBe(0);
    let left = false;
    const leaving = gate.enter(() => left);
    const staying = gate.enter(here);
    left = true;
    first!();
    expect(await leaving).toBeNull();
    const turn = await staying;
    expect(turn).toBeTypeOf('function');
    turn!();
    expect(gate.load).toEqual({ active: 0, queued: 0 });
  });
});
