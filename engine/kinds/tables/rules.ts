// Ruling lines of a page from its vectors: thin rectangles and stroked boxes become horizontal and vertical
// rules, collinear pieces merged; the grid positions they give (`uniq`). Shared by every ruled-table finder.
import type { RawPage } from '../../raw.ts';

export interface HRule {
  y: number;
  x0: number;
  x1: number;
}
export interface VRule {
  x: number;
  y0: number;
  y1: number;
}

const THIN = 2.5;
export const TOL = 2;

/** Horizontal and vertical rules of a page, collinear pieces merged. */
export function pageRules(page: RawPage): { h: HRule[]; v: VRule[] } {
  const h: HRule[] = [],
    v: VRule[] = [];
  for (const vec of page.vectors) {
    if (vec.color === 0xffffff) continue; // invisible on paper: layout grids, not rules
    const [x0, y0, x1, y1] = vec.bbox,
      w = x1 - x0,
      ht = y1 - y0;
    if (ht <= THIN && w > 4) h.push({ y: (y0 + y1) / 2, x0, x1 });
    else if (w <= THIN && ht > 4) v.push({ x: (x0 + x1) / 2, y0, y1 });
    else if (vec.rect && vec.stroked && w > 4 && ht > 4) {
      h.push({ y: y0, x0, x1 }, { y: y1, x0, x1 });
      v.push({ x: x0, y0, y1 }, { x: x1, y0, y1 });
    }
  }
  return {
    h: mergeRules(
      h,
      (r) => r.y,
      (r) => [r.x0, r.x1],
      (c, a, b) => ({ y: c, x0: a, x1: b }),
    ),
    v: mergeRules(
      v,
      (r) => r.x,
      (r) => [r.y0, r.y1],
      (c, a, b) => ({ x: c, y0: a, y1: b }),
    ),
  };
}

function mergeRules<T>(
  rules: T[],
  pos: (r: T) => number,
  span: (r: T) => [number, number],
  make: (c: number, a: number, b: number) => T,
): T[] {
  const sorted = [...rules].sort((a, b) => pos(a) - pos(b) || span(a)[0] - span(b)[0]);
  const out: T[] = [];
  const used = new Array<boolean>(sorted.length).fill(false);
  for (let i = 0; i < sorted.length; i++) {
    if (used[i]) continue;
    const c = pos(sorted[i]);
    let [a, b] = span(sorted[i]);
    // Collinear rules within TOL, merged where they touch.
    const same = [];
    for (let j = i; j < sorted.length && pos(sorted[j]) - c <= TOL; j++) if (!used[j]) same.push(j);
    same.sort((p, q) => span(sorted[p])[0] - span(sorted[q])[0]);
    for (const j of same) {
      const [s, e] = span(sorted[j]);
      if (j === i) {
        used[j] = true;
        continue;
      }
      if (s <= b + TOL && e >= a - TOL) {
        a = Math.min(a, s);
        b = Math.max(b, e);
        used[j] = true;
      }
    }
    out.push(make(c, a, b));
  }
  return out;
}

export function uniq(vals: number[]): number[] {
  const s = [...vals].sort((a, b) => a - b),
    o: number[] = [];
  for (const x of s) if (!o.length || x - o[o.length - 1] > TOL * 1.5) o.push(x);
  return o;
}

/** Grid lines closer than this (pt) with no text between them are one double rule (accounting totals,
 * double-ruled frames): less than a line of small print. */
const SLIVER = 6;

/** Sorted grid positions with each double rule kept once (its first line): `hasText(a, b)` says whether
 * text lies between two positions. */
export function dropSlivers(edges: number[], hasText: (a: number, b: number) => boolean): number[] {
  const out: number[] = [];
  for (const e of edges) {
    const last = out[out.length - 1];
    if (out.length && e - last < SLIVER && !hasText(last, e)) continue;
    out.push(e);
  }
  return out;
}
