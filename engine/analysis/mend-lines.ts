// Raw lines put back together where the text layer split them at a wide gap: a contents entry and its page
// number standing apart from the dot leader (contents-rows.ts), and a justified line of a narrow
// column whose few words are spread far apart ("section,   and   a   second   experiment"). Tables keep their
// cells: a row is only joined inside a paragraph whose other lines fill the same width. And list bullets
// drawn as shapes or set in a glyph the text layer cannot name become the bullet char (bullets.ts).
import type { RawBlock, RawLine, RawVector } from '../raw.ts';
import { bareRows, leader, leaderRows } from './contents-rows.ts';
import { drawnBullets, unnamedBullets, withBullet } from './bullets.ts';
import { MEND } from './thresholds.ts';

/** Pieces of one row, left to right, as one line with a space between pieces (its box spans the gap). */
function joinRow(row: RawLine[]): RawLine {
  let text = '',
    sup: number[] = [],
    sub: number[] = [];
  const cx0: number[] = [],
    cx1: number[] = [];
  for (const [k, p] of row.entries()) {
    const from = k ? p.text.length - p.text.trimStart().length : 0,
      t = p.text.slice(from).trimEnd();
    if (k) {
      text += ' ';
      cx0.push(row[k - 1].bbox[2]);
      cx1.push(p.bbox[0]);
    }
    const at = text.length - from;
    sup = sup.concat((p.sup ?? []).filter((i) => i >= from && i < from + t.length).map((i) => i + at));
    sub = sub.concat((p.sub ?? []).filter((i) => i >= from && i < from + t.length).map((i) => i + at));
    text += t;
    cx0.push(...p.cx0.slice(from, from + t.length));
    cx1.push(...p.cx1.slice(from, from + t.length));
  }
  const first = row[0],
    last = row[row.length - 1];
  return {
    ...first,
    text,
    cx0,
    cx1,
    sup: sup.length ? sup : undefined,
    sub: sub.length ? sub : undefined,
    bbox: [first.bbox[0], Math.min(...row.map((p) => p.bbox[1])), last.bbox[2], Math.max(...row.map((p) => p.bbox[3]))],
  };
}

/** Justified rows of a block: pieces on one baseline that together reach from the block's left edge (or a
 * first-line indent) to its right edge, the edges two whole lines of the block share, set apart by gaps of
 * one width (justification spreads the space evenly), none over half the measure. */
function justifiedRows(block: RawBlock): RawLine[][] {
  const same = (a: RawLine, b: RawLine) =>
    Math.abs(a.bbox[1] - b.bbox[1]) < MEND.justifiedRow * b.size &&
    Math.abs(a.bbox[3] - b.bbox[3]) < MEND.justifiedRow * b.size;
  if (block.lines.length < MEND.justifiedLines || !block.lines.some((l, i) => i > 0 && same(block.lines[i - 1], l)))
    return [];
  const ls = block.lines.filter((l) => !l.rotated && !l.latex && !l.cy1 && l.cx0.length === l.text.length);
  const rows: RawLine[][] = [];
  for (const l of ls) {
    // a row's pieces come one after another
    const r = rows[rows.length - 1];
    if (r && same(r[0], l)) r.push(l);
    else rows.push([l]);
  }
  const whole = rows.filter((r) => r.length === 1).map((r) => r[0]);
  const out: RawLine[][] = [];
  for (const row of rows.filter((r) => r.length > 1)) {
    row.sort((a, b) => a.bbox[0] - b.bbox[0]);
    const size = row[0].size,
      x0 = row[0].bbox[0],
      x1 = row[row.length - 1].bbox[2];
    const edges = whole.filter(
      (w) =>
        Math.abs(w.bbox[2] - x1) < MEND.justifiedEdge &&
        w.bbox[0] <= x0 + MEND.justifiedEdge &&
        w.bbox[0] >= x0 - MEND.justifiedIndent * size,
    );
    if (edges.length < 2 || x0 < Math.min(...edges.map((w) => w.bbox[0])) - MEND.justifiedEdge) continue;
    const gaps = row.slice(1).map((p, k) => p.bbox[0] - row[k].bbox[2]);
    if (
      Math.min(...gaps) < 0 ||
      Math.max(...gaps) > MEND.justifiedGap * (x1 - x0) ||
      Math.max(...gaps) - Math.min(...gaps) > MEND.justifiedEven * size
    )
      continue;
    out.push(row);
  }
  return out;
}

/** The blocks with split lines joined and drawn bullets written (copies where a line changes; the same array
 * when none does). */
export function mendLines(blocks: RawBlock[], vectors: RawVector[] = []): RawBlock[] {
  const leaders = blocks.some((b) => b.lines.some((l) => leader(l.text)));
  const all = leaders ? blocks.flatMap((b) => b.lines) : [],
    led = leaders ? leaderRows(all) : [],
    bare = bareRows(all, led);
  const rows = [...led, ...bare, ...blocks.flatMap(justifiedRows)];
  const bullets = drawnBullets(blocks, vectors),
    unnamed = unnamedBullets(blocks);
  if (!rows.length && !bullets.size && !unnamed.size) return blocks;
  const joined = new Map<RawLine, RawLine>(),
    gone = new Set<RawLine>();
  for (const row of rows) {
    joined.set(row[0], bare.includes(row) ? { ...joinRow(row), toc: true } : joinRow(row));
    for (const p of row.slice(1)) gone.add(p);
  }
  for (const [l, v] of bullets) joined.set(l, withBullet(joined.get(l) ?? l, v));
  for (const l of unnamed) {
    const m = joined.get(l) ?? l;
    joined.set(l, { ...m, text: `•${m.text.slice(1)}` });
  }
  return blocks
    .map((b) =>
      b.lines.some((l) => joined.has(l) || gone.has(l))
        ? { ...b, lines: b.lines.filter((l) => !gone.has(l)).map((l) => joined.get(l) ?? l) }
        : b,
    )
    .filter((b) => b.lines.length);
}
