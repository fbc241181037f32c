// The pages of one PDF shared out between threads while they run: one 64-bit word in shared memory holds
// the range still to take (low half: first page, high half: end). The first thread takes chunks from the
// front, the others from the back, so each reads a contiguous stretch of the document (its fonts and
// images once) and a thread that started late, or drew costly pages, simply takes fewer.

/** A cursor over pages [start, end): pass its buffer to the other threads (structured clone shares it). */
export function pageCursor(start: number, end: number): BigInt64Array {
  const c = new BigInt64Array(new SharedArrayBuffer(8));
  c[0] = (BigInt(end) << 32n) | BigInt(start);
  return c;
}

/** Takes up to `n` pages from the front (or the back) of what is left: [from, to), or null when none is. */
export function claimPages(c: BigInt64Array, n: number, fromBack: boolean): [number, number] | null {
  for (;;) {
    const old = Atomics.load(c, 0);
    const lo = Number(old & 0xffffffffn), hi = Number(old >> 32n);
    if (lo >= hi) return null;
    const [a, b] = fromBack ? [Math.max(lo, hi - n), hi] : [lo, Math.min(hi, lo + n)];
    const left = fromBack ? (BigInt(a) << 32n) | BigInt(lo) : (BigInt(hi) << 32n) | BigInt(b);
    if (Atomics.compareExchange(c, 0, old, left) === old) return [a, b];
  }
}
