// The pages of one large PDF shared out between the threads that parse it, while they run: one 64-bit
// word in shared memory holds the range still to take (low half: first page, high half: end). The main
// thread takes pages one at a time from the front; a worker, once it has started (~0.1-0.2 s later),
// takes a share of what is left from the back as one range, read in order, then a share of what is left
// again, and so on (shares shrink as the threads meet). So the thread that started late, or drew cheaper
// pages, is not waited for, and each thread still reads contiguous stretches of the document.

/** A cursor over pages [start, end): pass its buffer to the other threads (structured clone shares it). */
export function pageCursor(start: number, end: number): BigInt64Array {
  const c = new BigInt64Array(new SharedArrayBuffer(8));
  c[0] = (BigInt(end) << 32n) | BigInt(start);
  return c;
}

/**
 * Takes pages from what is left: the first one (`parts` 0: the main thread), else `1 / (2 * parts)` of
 * them, at least one, from the back (a worker; `parts`: the threads sharing the document). Returns
 * [from, to), or null when nothing is left.
 */
export function claimPages(c: BigInt64Array, parts: number): [number, number] | null {
  for (;;) {
    const old = Atomics.load(c, 0);
    const lo = Number(old & 0xffffffffn),
      hi = Number(old >> 32n);
    if (lo >= hi) return null;
    const [a, b] = parts > 0 ? [hi - Math.ceil((hi - lo) / (2 * parts)), hi] : [lo, lo + 1];
    const left = parts > 0 ? (BigInt(a) << 32n) | BigInt(lo) : (BigInt(hi) << 32n) | BigInt(b);
    if (Atomics.compareExchange(c, 0, old, left) === old) return [a, b];
  }
}
