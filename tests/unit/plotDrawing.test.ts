// What keeps a plot's redraws cheap at the limits: the last few views kept under their inputs
// (charts/viewCache.ts), and the queue that runs the off-screen plots' redraws one per task
// (charts/drawQueue.ts).
import { describe, expect, it } from 'vitest';
import { createDrawQueue } from '../../web/src/charts/drawQueue';
import { ViewCache } from '../../web/src/charts/viewCache';

describe('ViewCache', () => {
  it('computes a view once per inputs and gives it back when the inputs come back', () => {
    const cache = new ViewCache<string>(2);
    const spec = {};
    let made = 0;
    const view = (width: number) => cache.get([spec, 1, width], () => `${width}:${++made}`);
    expect(view(700)).toBe('700:1');
    expect(view(500)).toBe('500:2');
    // Back to the first width: not computed again.
    expect(view(700)).toBe('700:1');
    expect(made).toBe(2);
  });

  it('tells inputs apart one by one (a new data version or object is a new view)', () => {
    const cache = new ViewCache<number>(4);
    let made = 0;
    const spec = {};
    cache.get([spec, 1, 700], () => ++made);
    expect(cache.get([spec, 2, 700], () => ++made)).toBe(2);
    expect(cache.get([{}, 2, 700], () => ++made)).toBe(3);
    expect(cache.get([spec, 2, 700, NaN], () => ++made)).toBe(4);
    expect(cache.get([spec, 2, 700, NaN], () => ++made)).toBe(4);
  });

  it('keeps only the most recently used views', () => {
    const cache = new ViewCache<number>(2);
    let made = 0;
    cache.get([1], () => ++made);
    cache.get([2], () => ++made);
    cache.get([1], () => ++made); // 1 is now the most recent
    cache.get([3], () => ++made); // 2 goes
    expect(cache.length).toBe(2);
    expect(cache.get([1], () => ++made)).toBe(1);
    expect(cache.get([2], () => ++made)).toBe(4);
  });
});

describe('createDrawQueue', () => {
  /** A scheduler whose tasks run when the test says. */
  const tasks = () => {
    const q: (() => void)[] = [];
    return {
      schedule: (f: () => void) => q.push(f),
      runOne: () => q.shift()?.(),
      get pending() {
        return q.length;
      },
    };
  };

  it('runs one job per task, in the order they were queued', () => {
    const t = tasks();
    const queue = createDrawQueue(t.schedule);
    const ran: string[] = [];
    const a = {};
    const b = {};
    const c = {};
    queue.put(a, () => ran.push('a'));
    queue.put(b, () => ran.push('b'));
    queue.put(c, () => ran.push('c'));
    expect(ran).toEqual([]);
    expect(t.pending).toBe(1);
    t.runOne();
    expect(ran).toEqual(['a']);
    t.runOne();
    expect(ran).toEqual(['a', 'b']);
    t.runOne();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(t.pending).toBe(0);
    expect(queue.size).toBe(0);
  });

  it('keeps only the latest job of a key, and drops a job on request', () => {
    const t = tasks();
    const queue = createDrawQueue(t.schedule);
    const ran: string[] = [];
    const a = {};
    const b = {};
    queue.put(a, () => ran.push('a1'));
    queue.put(b, () => ran.push('b'));
    queue.put(a, () => ran.push('a2'));
    queue.drop(b);
    while (t.pending > 0) t.runOne();
    expect(ran).toEqual(['a2']);
  });

  it('a job queued by a running job waits for a task of its own', () => {
    const t = tasks();
    const queue = createDrawQueue(t.schedule);
    const ran: string[] = [];
    const a = {};
    queue.put(a, () => {
      ran.push('first');
      queue.put(a, () => ran.push('again'));
    });
    t.runOne();
    expect(ran).toEqual(['first']);
    t.runOne();
    expect(ran).toEqual(['first', 'again']);
  });
});
