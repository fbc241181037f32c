// Table-of-contents rows on page images: the detector does not see dot leaders, so an entry and its page
// number come out as two lines far apart on one row; where the gap between them holds a row of dots, they
// become one line with a leader ("Notices ..... vii"), which the page analysis reads as on digital pages.
import type { GrayImage } from './gray.ts';
import type { OcrLine } from './pipeline.ts';

/** A page number, maybe after stray leader dots the recogniser kept. */
const PAGE_NO = /^[.·…\s]*([\dIVXLCivxlc]{1,6})$/;
/** Thresholds of a dot leader (in line heights unless said otherwise). */
const LEADERS = {
  /** Darker than this grey: ink (leader dots of a 150-dpi scan are 2–3 px and 60–170 grey). */
  ink: 170,
  /** A dot is at most this big (and 2 px at least may be). */
  dot: 0.3,
  dotPx: 2,
  /** A gap of two line heights at least holds 4 dots or more, spaced under 1.2 heights, over half of it. */
  gap: 2,
  dots: 4,
  spacing: 1.2,
  cover: 0.5,
  /** An entry and its page number: centres within half the taller box. */
  row: 0.5,
} as const;
const INK = LEADERS.ink;

const ends = (l: OcrLine): [number, number] => [
  l.box.cx - (l.box.w / 2) * l.box.ux,
  l.box.cx + (l.box.w / 2) * l.box.ux,
];

/** Whether the image between the right end of `a` and the left end of `b` (on one row) holds a row of
 * small marks (dots), spaced less than a line height apart, over at least half of the gap. */
function dotsBetween(img: GrayImage, a: OcrLine, b: OcrLine): boolean {
  const x0 = Math.round(ends(a)[1]),
    x1 = Math.round(ends(b)[0]);
  const h = Math.min(a.box.h, b.box.h),
    half = h / 2,
    small = Math.max(LEADERS.dotPx, LEADERS.dot * h);
  if (x1 - x0 < LEADERS.gap * h) return false;
  const runs: { s: number; e: number; top: number; bot: number }[] = [];
  let run: (typeof runs)[number] | null = null;
  for (let x = x0; x < x1; x++) {
    // The row's centre follows the line from a's centre to b's (the page may be skewed).
    const f = (x - a.box.cx) / (b.box.cx - a.box.cx),
      cy = a.box.cy + f * (b.box.cy - a.box.cy);
    let top = Infinity,
      bot = -Infinity;
    for (let y = Math.max(0, Math.round(cy - half)); y <= Math.min(img.height - 1, Math.round(cy + half)); y++) {
      if (x >= 0 && x < img.width && img.data[y * img.width + x] < INK) {
        top = Math.min(top, y);
        bot = Math.max(bot, y);
      }
    }
    if (top === Infinity) {
      run = null;
      continue;
    }
    if (!run) runs.push((run = { s: x, e: x, top, bot }));
    else {
      run.e = x;
      run.top = Math.min(run.top, top);
      run.bot = Math.max(run.bot, bot);
    }
  }
  if (runs.length < LEADERS.dots) return false;
  for (const [k, r] of runs.entries()) {
    if (r.e - r.s + 1 > small || r.bot - r.top + 1 > small) return false;
    if (k && r.s - runs[k - 1].e > LEADERS.spacing * h) return false;
  }
  return runs[runs.length - 1].e - runs[0].s >= LEADERS.cover * (x1 - x0);
}

/** One line of `a`, a dot leader and `b`, with its box spanning both. */
function join(a: OcrLine, b: OcrLine): OcrLine {
  const [l0] = ends(a),
    [, r1] = ends(b),
    w = (r1 - l0) / a.box.ux;
  const pos = (l: OcrLine, f: number) => (ends(l)[0] - l0 + f * l.box.w * l.box.ux) / (w * a.box.ux);
  const lead = a.text.length - a.text.replace(/[\s.·…]+$/, '').length,
    cut = b.text.length - b.text.replace(/^[\s.·…]+/, '').length;
  const ax0 = a.x0.slice(0, a.text.length - lead).map((f) => pos(a, f)),
    ax1 = a.x1.slice(0, a.text.length - lead).map((f) => pos(a, f));
  const bx0 = b.x0.slice(cut).map((f) => pos(b, f)),
    bx1 = b.x1.slice(cut).map((f) => pos(b, f));
  const from = ax1.length ? ax1[ax1.length - 1] : pos(a, 1),
    to = bx0.length ? bx0[0] : pos(b, 0);
  const dots = 5,
    step = (to - from) / (dots + 2);
  const lx0 = [from, ...Array.from({ length: dots }, (_, k) => from + (k + 1) * step), to - step];
  const lx1 = [from + step, ...Array.from({ length: dots }, (_, k) => from + (k + 1.5) * step), to];
  return {
    text: `${a.text.slice(0, a.text.length - lead)} ${'.'.repeat(dots)} ${b.text.slice(cut)}`,
    score: Math.min(a.score, b.score),
    x0: [...ax0, ...lx0, ...bx0],
    x1: [...ax1, ...lx1, ...bx1],
    box: {
      ...a.box,
      cx: a.box.cx + ((w - a.box.w) / 2) * a.box.ux,
      cy: a.box.cy + ((w - a.box.w) / 2) * a.box.uy,
      w,
      h: Math.max(a.box.h, b.box.h),
    },
    innerH: Math.max(a.innerH, b.innerH),
  };
}

/** The lines with each TOC entry joined to its page number where dot leaders run between them. */
export function joinLeaders(img: GrayImage, lines: OcrLine[]): OcrLine[] {
  const gone = new Set<OcrLine>(),
    out = new Map<OcrLine, OcrLine>();
  for (const b of lines) {
    if (!PAGE_NO.test(b.text)) continue;
    const [bl] = ends(b);
    let best: OcrLine | null = null;
    for (const a of lines) {
      if (a === b || gone.has(a) || PAGE_NO.test(a.text) || ends(a)[1] > bl) continue;
      // The nearest line of the row (a page number's short box sits a little off its entry's centre).
      const dy = Math.abs(a.box.cy - b.box.cy);
      if (dy > LEADERS.row * Math.max(a.box.h, b.box.h)) continue;
      if (!best || dy < Math.abs(best.box.cy - b.box.cy)) best = a;
    }
    if (!best || !dotsBetween(img, best, b)) continue;
    out.set(best, join(out.get(best) ?? best, b));
    gone.add(b);
  }
  return lines.filter((l) => !gone.has(l)).map((l) => out.get(l) ?? l);
}
