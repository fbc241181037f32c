// Scales a 1-bit image mask far larger than it is shown (a page-sized 9000×12000 scan drawn at 144 DPI)
// down to a rendered pixmap's pixels and paints it there: each pixel's ink is the share of the mask's
// black bits under it (a box filter), rows taken one at a time as the decoder gives them, so the mask's
// whole bitmap is never held. It stands in for mupdf's decode, subsample and scale of such a mask.

/** Bits set in each byte value. */
const POP = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0;
  for (let v = b; v; v &= v - 1) n++;
  return n;
});

/** Where [lo, hi) of a pixel row or column falls in a mask of `size` bits drawn from `from` to `to`
 * (pixmap pixels): the first mask bit of each pixel from `first` on (n + 1 bounds), and the share of
 * each pixel the mask covers. */
function axis(
  from: number,
  to: number,
  size: number,
  first: number,
  n: number,
): { bound: Int32Array; share: Float64Array } {
  const bound = new Int32Array(n + 1),
    share = new Float64Array(n),
    k = size / (to - from);
  for (let i = 0; i <= n; i++) bound[i] = Math.min(size, Math.max(0, Math.round((first + i - from) * k)));
  for (let i = 0; i < n; i++) share[i] = Math.max(0, Math.min(first + i + 1, to) - Math.max(first + i, from));
  return { bound, share };
}

export class MaskScaler {
  private readonly x0: number;
  private readonly y0: number;
  private readonly cols: { bound: Int32Array; share: Float64Array };
  private readonly rows: { bound: Int32Array; share: Float64Array };
  /** Black bits per pixel column of the pixel row being summed. */
  private readonly sums: Uint32Array;
  /** Ink per pixel of the covered area (0–255), row by row. */
  private readonly ink: Uint8Array;
  private row = 0;
  private readonly width: number;
  private readonly height: number;
  /** The pixel column of each mask column inside the pixmap. */
  private readonly colOf: Int32Array;

  /**
   * A `width`×`height` mask whose upright rectangle on a `pw`×`ph` pixmap is [left, top, right, bottom]
   * (pixmap pixels, fractions allowed); only the pixels inside the pixmap are painted.
   */
  constructor(
    width: number,
    height: number,
    left: number,
    top: number,
    right: number,
    bottom: number,
    pw: number,
    ph: number,
  ) {
    this.width = width;
    this.height = height;
    this.x0 = Math.max(0, Math.floor(left));
    this.y0 = Math.max(0, Math.floor(top));
    const nx = Math.max(0, Math.min(pw, Math.ceil(right)) - this.x0),
      ny = Math.max(0, Math.min(ph, Math.ceil(bottom)) - this.y0);
    this.cols = axis(left, right, width, this.x0, nx);
    this.rows = axis(top, bottom, height, this.y0, ny);
    this.sums = new Uint32Array(nx);
    this.colOf = new Int32Array(width);
    for (let k = 0; k < nx; k++) this.colOf.fill(k, this.cols.bound[k], this.cols.bound[k + 1]);
    this.ink = new Uint8Array(nx * ny);
  }

  /** Starts summing mask row y (row 0 starts over); false when the row is outside the pixmap. */
  private begin(y: number): boolean {
    const by = this.rows.bound;
    if (y === 0) {
      this.row = 0;
      this.sums.fill(0);
      this.ink.fill(0);
    }
    while (this.row < by.length - 1 && y >= by[this.row + 1]) this.flush();
    return this.row < by.length - 1 && y >= by[this.row];
  }

  /** Ends mask row y: the last one ends every pixel row left. */
  private end(y: number): void {
    if (y === this.height - 1) while (this.row < this.rows.bound.length - 1) this.flush();
  }

  /** Adds mask row y given as packed bits at `bits[off…]` (most significant first, 0 = ink). */
  addRow(y: number, bits: Uint8Array, off: number): void {
    if (this.begin(y)) {
      const { bound: bx } = this.cols,
        sums = this.sums,
        n = sums.length;
      // Set bits (paper) before each column bound, counted byte by byte as the bounds move right.
      let ones = 0,
        byte = 0,
        prevX = bx[0],
        prevOnes = 0;
      for (let k = 0; k <= n; k++) {
        const x = bx[k],
          b = x >> 3;
        while (byte < b) ones += POP[bits[off + byte++]];
        const at = x & 7 ? ones + POP[bits[off + b] >> (8 - (x & 7))] : ones;
        if (k > 0) sums[k - 1] += x - prevX - (at - prevOnes);
        prevX = x;
        prevOnes = at;
      }
    }
    this.end(y);
  }

  /** Adds mask row y given as the `n` pixels where ink and paper alternate (ink first when `inkFirst`):
   * only the ink runs are visited, so white rows cost nothing. */
  addRuns(y: number, changes: Int32Array, n: number, inkFirst: boolean): void {
    if (this.begin(y)) {
      const { bound: bx } = this.cols,
        col = this.colOf,
        sums = this.sums,
        lo = bx[0],
        hi = bx[sums.length];
      let ink = inkFirst,
        x = 0;
      for (let i = 0; i <= n; i++, ink = !ink) {
        const e = i < n ? changes[i] : this.width,
          s = x;
        x = e;
        if (!ink) continue;
        const from = Math.max(s, lo),
          to = Math.min(e, hi);
        if (from >= to) continue;
        const c0 = col[from],
          c1 = col[to - 1];
        if (c0 === c1) {
          sums[c0] += to - from;
          continue;
        }
        sums[c0] += bx[c0 + 1] - from;
        for (let k = c0 + 1; k < c1; k++) sums[k] += bx[k + 1] - bx[k];
        sums[c1] += to - bx[c1];
      }
    }
    this.end(y);
  }

  /** Ends the pixel row being summed: its ink is the black share of each pixel's bits times its coverage. */
  private flush(): void {
    const { bound: by, share: sy } = this.rows,
      { bound: bx, share: sx } = this.cols,
      sums = this.sums,
      n = sums.length;
    const j = this.row++,
      hy = by[j + 1] - by[j];
    for (let k = 0; k < n; k++) {
      const area = (bx[k + 1] - bx[k]) * hy;
      this.ink[j * n + k] = area ? Math.round((255 * sums[k] * sx[k] * sy[j]) / area) : 0;
    }
    sums.fill(0);
  }

  /** Paints the ink in `color` (one 0–255 value per channel) over `pixels` (`n` channels, no alpha). */
  paint(pixels: Uint8Array | Uint8ClampedArray, stride: number, n: number, color: number[]): void {
    const nx = this.sums.length,
      ny = this.rows.share.length;
    for (let j = 0; j < ny; j++) {
      for (let k = 0, o = (this.y0 + j) * stride + this.x0 * n; k < nx; k++, o += n) {
        const a = this.ink[j * nx + k];
        if (a) for (let c = 0; c < n; c++) pixels[o + c] += Math.round(((color[c] - pixels[o + c]) * a) / 255);
      }
    }
  }
}
