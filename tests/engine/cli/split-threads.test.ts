// How many threads the parse CLI splits one large PDF across (engine/core/plan.ts splitThreads):
// --workers as given, else this thread plus the cores the rest of the machine leaves idle.
import { describe, expect, it } from 'vitest';
import { splitThreads } from '../../../engine/core/plan.ts';

describe('splitThreads', () => {
  it('keeps an explicit --workers, whatever the load', () => {
    expect(splitThreads(2, 2, 0)).toBe(2);
    expect(splitThreads(1, 8, 7)).toBe(1);
    expect(splitThreads(0, 8, 7)).toBe(1);
  });

  it('adds a thread per idle core only', () => {
    expect(splitThreads(undefined, 2, 0.9)).toBe(2); // quiet 2-core machine: main thread + one worker
    expect(splitThreads(undefined, 2, 0.1)).toBe(1); // the other core is busy: no worker
    expect(splitThreads(undefined, 8, 3.2)).toBe(4);
    expect(splitThreads(undefined, 4, 3.9)).toBe(4); // never more than the cores
  });

  it('falls back to one thread per core when the idle time could not be measured', () => {
    expect(splitThreads(undefined, 2, null)).toBe(2);
    expect(splitThreads(undefined, 1, null)).toBe(1);
  });
});
