// The shared page cursor (engine/core/page-cursor.ts) must hand out every page exactly once: single
// pages in order to the main thread (front), shrinking contiguous ranges to a worker (back), whatever
// order they claim in, also across threads.
import { describe, expect, it } from 'vitest';
import { claimPages, pageCursor } from '../../../engine/core/page-cursor.ts';

const pagesOf = (rs: [number, number][]) => rs.flatMap(([a, b]) => Array.from({ length: b - a }, (_, i) => a + i));

describe('page cursor', () => {
  it('front and back claims cover [start, end) once, the back in shrinking ranges', () => {
    const c = pageCursor(3, 400);
    const front: [number, number][] = [],
      back: [number, number][] = [];
    for (let k = 0; ; k++) {
      const fromBack = k % 40 === 39; // the worker comes late and then claims now and then
      const r = claimPages(c, fromBack ? 2 : 0);
      if (!r) break;
      (fromBack ? back : front).push(r);
    }
    expect([...pagesOf(front), ...pagesOf(back)].sort((x, y) => x - y)).toEqual(
      Array.from({ length: 397 }, (_, i) => i + 3),
    );
    expect(front.slice(0, 3)).toEqual([
      [3, 4],
      [4, 5],
      [5, 6],
    ]);
    for (let i = 1; i < front.length; i++) expect(front[i][0]).toBe(front[i - 1][1]);
    // The first share: a quarter of what the main thread left (400 - 42 = 358 pages), from the end.
    expect(back[0]).toEqual([400 - Math.ceil(358 / 4), 400]);
    for (let i = 1; i < back.length; i++) {
      expect(back[i][1]).toBe(back[i - 1][0]);
      expect(back[i][1] - back[i][0]).toBeLessThanOrEqual(back[i - 1][1] - back[i - 1][0]);
    }
    expect(claimPages(c, 0)).toBeNull();
    expect(claimPages(c, 2)).toBeNull();
  });

  it('gives the last page to whichever thread asks first', () => {
    const c = pageCursor(7, 8);
    expect(claimPages(c, 2)).toEqual([7, 8]);
    expect(claimPages(c, 0)).toBeNull();
  });

  it('is shared with a worker thread through its buffer', async () => {
    const { Worker } = await import('node:worker_threads');
    const c = pageCursor(0, 1000);
    const src = `const { workerData, parentPort } = require('node:worker_threads');
      const c = new BigInt64Array(workerData); let n = 0;
      for (;;) { const old = Atomics.load(c, 0); const lo = old & 0xffffffffn, hi = old >> 32n; if (lo >= hi) break;
        const a = hi - 1n > lo ? hi - 1n : lo; if (Atomics.compareExchange(c, 0, old, (a << 32n) | lo) === old) n += Number(hi - a); }
      parentPort.postMessage(n);`;
    const w = new Worker(src, { eval: true, workerData: c.buffer });
    const theirs = new Promise<number>((ok) => w.once('message', ok));
    let mine = 0;
    for (let r = claimPages(c, 0); r; r = claimPages(c, 0)) mine += r[1] - r[0];
    expect(mine + (await theirs)).toBe(1000);
    await w.terminate();
  });
});
