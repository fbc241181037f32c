// The shared page cursor (engine/parse/page-cursor.ts) must hand out every page exactly once, in chunks,
// to a thread taking from the front and one taking from the back, whatever order they claim in.
import { describe, expect, it } from 'vitest';
import { claimPages, pageCursor } from '../../../engine/parse/page-cursor.ts';

describe('page cursor', () => {
  it('front and back claims cover [start, end) once, each side contiguous', () => {
    const c = pageCursor(3, 40);
    const front: [number, number][] = [], back: [number, number][] = [];
    for (let k = 0; ; k++) {
      const fromBack = k % 3 === 0; // uneven pace: the back takes every third chunk
      const r = claimPages(c, 8, fromBack);
      if (!r) break;
      (fromBack ? back : front).push(r);
    }
    const pages = [...front, ...back].flatMap(([a, b]) => Array.from({ length: b - a }, (_, i) => a + i)).sort((x, y) => x - y);
    expect(pages).toEqual(Array.from({ length: 37 }, (_, i) => i + 3));
    expect(front[0]).toEqual([3, 11]);
    expect(back[0]).toEqual([32, 40]);
    for (let i = 1; i < front.length; i++) expect(front[i][0]).toBe(front[i - 1][1]);
    for (let i = 1; i < back.length; i++) expect(back[i][1]).toBe(back[i - 1][0]);
    expect(claimPages(c, 8, false)).toBeNull();
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
    for (let r = claimPages(c, 1, false); r; r = claimPages(c, 1, false)) mine += r[1] - r[0];
    expect(mine + (await theirs)).toBe(1000);
    await w.terminate();
  });
});
