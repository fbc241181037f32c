// Ruled tables from the page's rules (rules.ts): connected rules form a grid (lattice: row and column
// lines, spans where an inner rule is missing); where inner column rules stop short or are missing, the
// text's persistent gutters (gutters.ts) give the columns.
import type { RawLine, RawPage, Rect } from '../../raw.ts';
import { rectUnion } from '../../raw.ts';
import { textGrid } from './cells.ts';
import { openColumns, openRows, wordsOf } from './gutters.ts';
import { dropSlivers, type HRule, pageRules, TOL, uniq, type VRule } from './rules.ts';
import { cellsToHtml } from '../../../shared/markdown/table-html.ts';

export interface TableFound {
  bbox: Rect;
  html: string;
}

const hv = (h: HRule, v: VRule) => v.x >= h.x0 - TOL && v.x <= h.x1 + TOL && h.y >= v.y0 - TOL && h.y <= v.y1 + TOL;

/** Groups rules that touch each other (a grid), and stacks of long parallel horizontal rules. */
function ruleGroups(h: HRule[], v: VRule[]): { h: HRule[]; v: VRule[] }[] {
  const n = h.length + v.length;
  const par = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (par[i] !== i) {
      par[i] = par[par[i]];
      i = par[i];
    }
    return i;
  };
  for (let i = 0; i < h.length; i++)
    for (let j = 0; j < v.length; j++) if (hv(h[i], v[j])) par[find(h.length + j)] = find(i);
  const groups = new Map<number, { h: HRule[]; v: VRule[] }>();
  const get = (r: number) => {
    let g = groups.get(r);
    if (!g) groups.set(r, (g = { h: [], v: [] }));
    return g;
  };
  for (let i = 0; i < h.length; i++) get(find(i)).h.push(h[i]);
  for (let j = 0; j < v.length; j++) get(find(h.length + j)).v.push(v[j]);
  return [...groups.values()];
}

/** Row boundaries the rules leave out: inside one ruled row, text lines that line up across at least
 * two columns (several records between two rules) are separate rows. */
function unruledRows(xs: number[], ys: number[], lines: RawLine[]): number[] {
  const out: number[] = [];
  for (let r = 0; r + 1 < ys.length; r++) {
    const inRow = lines.filter((l) => {
      const cy = (l.bbox[1] + l.bbox[3]) / 2;
      return cy > ys[r] && cy < ys[r + 1] && l.bbox[0] >= xs[0] - 2 && l.bbox[2] <= xs[xs.length - 1] + 2;
    });
    if (inRow.length < 4) continue;
    // Wrapped paragraphs fill their cells' width; records of short values do not.
    // A wide line with the next line right below it at the same left edge: a wrapped paragraph.
    const words = inRow.filter((l) => l.text.trim().length >= 3);
    const wrapped = words.filter((l) => {
      const c = xs.findIndex((x, i) => i + 1 < xs.length && l.bbox[0] >= x - 2 && l.bbox[0] < xs[i + 1]);
      const h = l.bbox[3] - l.bbox[1];
      return (
        c >= 0 &&
        l.bbox[2] - l.bbox[0] > 0.6 * (xs[c + 1] - xs[c]) &&
        inRow.some(
          (n) =>
            n !== l &&
            Math.abs(n.bbox[0] - l.bbox[0]) < 2 &&
            n.bbox[1] > l.bbox[1] + 0.5 * h &&
            n.bbox[1] - l.bbox[3] < 0.6 * h,
        )
      );
    }).length;
    if (wrapped >= 0.25 * words.length) continue;
    // Clusters of line centres (one per text row).
    const cys = inRow
      .map((l) => ({ cy: (l.bbox[1] + l.bbox[3]) / 2, h: l.bbox[3] - l.bbox[1], l }))
      .sort((a, b) => a.cy - b.cy);
    const clusters: { lo: number; hi: number; cols: Set<number> }[] = [];
    for (const c of cys) {
      const last = clusters[clusters.length - 1];
      const col = xs.findIndex((x, i) => i + 1 < xs.length && c.l.bbox[0] >= x - 2 && c.l.bbox[0] < xs[i + 1]);
      if (last && c.cy - (last.lo + last.hi) / 2 < 0.5 * c.h) {
        last.hi = Math.max(last.hi, c.l.bbox[3]);
        last.cols.add(col);
      } else clusters.push({ lo: c.l.bbox[1], hi: c.l.bbox[3], cols: new Set([col]) });
    }
    if (clusters.length < 2) continue;
    const multi = new Set<number>();
    const seen = new Map<number, number>();
    for (const cl of clusters)
      for (const col of cl.cols) {
        seen.set(col, (seen.get(col) ?? 0) + 1);
        if (seen.get(col)! >= 2) multi.add(col);
      }
    if (multi.size < 2) continue;
    for (let i = 0; i + 1 < clusters.length; i++)
      if (clusters[i + 1].lo > clusters[i].hi - 0.5) out.push((clusters[i].hi + clusters[i + 1].lo) / 2);
  }
  return out;
}

function lattice(g: { h: HRule[]; v: VRule[] }, lines: RawLine[]): TableFound | null {
  // Open-sided tables: the outer rules' ends stand in for missing border lines.
  const hx0 = Math.min(...g.h.map((r) => r.x0)),
    hx1 = Math.max(...g.h.map((r) => r.x1));
  const vy0 = Math.min(...g.v.map((r) => r.y0)),
    vy1 = Math.max(...g.v.map((r) => r.y1));
  const top = Math.min(vy0, ...g.h.map((r) => r.y)),
    bottom = Math.max(vy1, ...g.h.map((r) => r.y));
  const inBox = lines.filter(
    (l) =>
      l.bbox[0] >= hx0 - 2 &&
      l.bbox[2] <= hx1 + 2 &&
      l.bbox[1] + l.bbox[3] > 2 * top &&
      l.bbox[1] + l.bbox[3] < 2 * bottom,
  );
  const words = wordsOf(inBox);
  // Double rules are one rule: no text between the two lines.
  const ys = dropSlivers(uniq([...g.h.map((r) => r.y), vy0, vy1]), (a, b) => words.some((w) => w.cy > a && w.cy < b));
  const xs = dropSlivers(uniq([...g.v.map((r) => r.x), hx0, hx1]), (a, b) =>
    words.some((w) => w.x0 + w.x1 > 2 * a && w.x0 + w.x1 < 2 * b),
  );
  if (ys.length < 2 || xs.length < 2 || (ys.length - 1) * (xs.length - 1) < 2) return null;
  const bbox: Rect = [xs[0], ys[0], xs[xs.length - 1], ys[ys.length - 1]];
  if (bbox[2] - bbox[0] < 40 || bbox[3] - bbox[1] < 15) return null;
  const extra = unruledRows(xs, ys, lines);
  if (extra.length) {
    g = { h: [...g.h, ...extra.map((y) => ({ y, x0: bbox[0], x1: bbox[2] }))], v: g.v };
    ys.push(...extra);
    ys.sort((a, b) => a - b);
  }
  const ruleV = (x: number, ya: number, yb: number) =>
    g.v.some((r) => Math.abs(r.x - x) <= TOL * 1.5 && r.y0 <= ya + TOL && r.y1 >= yb - TOL);
  const ruleH = (y: number, xa: number, xb: number) =>
    g.h.some((r) => Math.abs(r.y - y) <= TOL * 1.5 && r.x0 <= xa + TOL && r.x1 >= xb - TOL);
  // Only a grid that is a table by its rules alone gets openings where rules are missing (gutters.ts), and
  // keeps its rules' cells when the openings leave it too sparse: openings never make a table.
  const plain = textGrid(xs, ys, ruleV, ruleH, lines);
  if (!plain) return null;
  const cols = openColumns(xs, ys, ruleV, words);
  const oxs = cols?.xs ?? xs;
  const rows = openRows(oxs, ys, ruleH, words);
  const hasV = (x: number, ya: number, yb: number) => ruleV(x, ya, yb) || (cols?.open(x, ya, yb) ?? false);
  const hasH = (y: number, xa: number, xb: number) => ruleH(y, xa, xb) || (rows?.(y, xa, xb) ?? false);
  const cells = (cols || rows ? textGrid(oxs, ys, hasV, hasH, lines) : null) ?? plain;
  return { bbox, html: cellsToHtml(cells) };
}

/** Ruled tables of a page (none on scanned pages: the caller skips those). */
export function detectTables(page: RawPage): TableFound[] {
  if (page.vectors.length > 5000) return [];
  const { h, v } = pageRules(page);
  if (h.length < 2) return [];
  const lines = page.blocks.flatMap((b) => b.lines).filter((l) => !l.rotated);
  const out: TableFound[] = [];
  for (const g of ruleGroups(h, v)) {
    const t = g.v.length >= 2 ? lattice(g, lines) : null;
    // Rules that bleed off both sides of the page are its design (bands, frames), not a table's grid.
    if (t && t.bbox[0] < 0.02 * page.width && t.bbox[2] > 0.98 * page.width) continue;
    if (
      t &&
      !out.some((o) => o.bbox[0] < t.bbox[2] && t.bbox[0] < o.bbox[2] && o.bbox[1] < t.bbox[3] && t.bbox[1] < o.bbox[3])
    )
      out.push(t);
  }
  return out.map((t) => ({ ...t, bbox: rectUnion(t.bbox, t.bbox) }));
}
