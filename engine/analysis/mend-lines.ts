// Raw lines put back together where the text layer split them at a wide gap: a contents entry and its page
// number standing apart from the dot leader (HTML contents, right tabs), and a justified line of a narrow
// column whose few words are spread far apart ("section,   and   a   second   experiment"). Tables keep their
// cells: a row is only joined inside a paragraph whose other lines fill the same width. And list bullets
// drawn as shapes (a browser's discs), or set in a glyph the text layer cannot name, become the bullet char.
import type { RawBlock, RawLine, RawVector } from '../raw.ts';

/** A line ending in four leader chars (spaces between them aside), found without a regex over every line. */
function leader(t: string): boolean {
  let n = 0;
  for (let i = t.length - 1; i >= 0 && n < 4; i--)
    if (t[i] !== ' ') {
      if (!'.·…_'.includes(t[i])) return false;
      n++;
    }
  return n === 4;
}

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

/** Contents entries: the page number right of a leader line, on its row and within three ems. */
function leaderRows(lines: RawLine[]): RawLine[][] {
  const rows: RawLine[][] = [],
    taken = new Set<RawLine>();
  for (const l of lines.filter((x) => leader(x.text))) {
    const cy = (l.bbox[1] + l.bbox[3]) / 2;
    const n = lines.find(
      (m) =>
        !taken.has(m) &&
        PAGE_NO.test(m.text) &&
        m.bbox[1] < cy &&
        m.bbox[3] > cy &&
        m.bbox[0] >= l.bbox[2] - 1 &&
        m.bbox[0] - l.bbox[2] < 3 * l.size,
    );
    if (n) {
      taken.add(n);
      rows.push([l, n]);
    }
  }
  return rows;
}

const PAGE_NO = /^\s*[\dIVXLCivxlc]{1,6}\s*$/;

/** Contents entries without a leader (article's bold section lines): a row whose last piece is a lone page
 * number with the right edge of the leader entries' numbers, near them (three lines above the first or below
 * the last), its other pieces ending well before the number and holding a letter. */
function bareRows(lines: RawLine[], led: RawLine[][]): RawLine[][] {
  if (!led.length) return [];
  const used = new Set(led.flat()),
    size = led[0][0].size;
  const rights = led.map((r) => r[r.length - 1].bbox[2]);
  const y0 = Math.min(...led.map((r) => r[0].bbox[1])) - 3 * 1.5 * size,
    y1 = Math.max(...led.map((r) => r[0].bbox[3])) + 3 * 1.5 * size;
  const rows: RawLine[][] = [];
  for (const n of lines) {
    if (
      used.has(n) ||
      n.bbox[1] < y0 ||
      n.bbox[3] > y1 ||
      !PAGE_NO.test(n.text) ||
      !rights.some((x) => Math.abs(x - n.bbox[2]) < 1.5)
    )
      continue;
    const cy = (n.bbox[1] + n.bbox[3]) / 2;
    const row = lines
      .filter((m) => m !== n && !used.has(m) && m.bbox[1] < cy && m.bbox[3] > cy && m.bbox[2] < n.bbox[0] - 2 * size)
      .sort((a, b) => a.bbox[0] - b.bbox[0]);
    if (!row.length || !/\p{L}/u.test(row.map((m) => m.text).join(''))) continue;
    for (const m of [...row, n]) used.add(m);
    rows.push([...row, n]);
  }
  return rows;
}

/** Justified rows of a block: pieces on one baseline that together reach from the block's left edge (or a
 * first-line indent) to its right edge, the edges two whole lines of the block share, set apart by gaps of
 * one width (justification spreads the space evenly), none over half the measure. */
function justifiedRows(block: RawBlock): RawLine[][] {
  const same = (a: RawLine, b: RawLine) =>
    Math.abs(a.bbox[1] - b.bbox[1]) < 0.3 * b.size && Math.abs(a.bbox[3] - b.bbox[3]) < 0.3 * b.size;
  if (block.lines.length < 4 || !block.lines.some((l, i) => i > 0 && same(block.lines[i - 1], l))) return [];
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
      (w) => Math.abs(w.bbox[2] - x1) < 1 && w.bbox[0] <= x0 + 1 && w.bbox[0] >= x0 - 3 * size,
    );
    if (edges.length < 2 || x0 < Math.min(...edges.map((w) => w.bbox[0])) - 1) continue;
    const gaps = row.slice(1).map((p, k) => p.bbox[0] - row[k].bbox[2]);
    if (
      Math.min(...gaps) < 0 ||
      Math.max(...gaps) > 0.5 * (x1 - x0) ||
      Math.max(...gaps) - Math.min(...gaps) > 0.15 * size
    )
      continue;
    out.push(row);
  }
  return out;
}

/** Lines opening a list item whose bullet is a shape: a small filled disc or square left of the line's start
 * (within 1.5 ems), centred on its row, with no text of its own, another such bullet above or below it. */
function drawnBullets(blocks: RawBlock[], vectors: RawVector[]): Map<RawLine, RawVector> {
  const out = new Map<RawLine, RawVector>();
  const dots = vectors.filter(
    (v) => !v.stroked && v.bbox[2] - v.bbox[0] <= 8 && Math.abs(v.bbox[2] - v.bbox[0] - (v.bbox[3] - v.bbox[1])) < 1,
  );
  if (!dots.length) return out;
  for (const l of blocks.flatMap((b) => b.lines)) {
    if (l.rotated || l.cx0.length !== l.text.length || !/^\s*[\p{L}\p{N}]/u.test(l.text)) continue;
    const cy = (l.bbox[1] + l.bbox[3]) / 2,
      size = l.size;
    const d = dots.find((v) => {
      const w = v.bbox[2] - v.bbox[0];
      return (
        w >= 0.15 * size &&
        w <= 0.6 * size &&
        v.bbox[2] < l.bbox[0] - 0.1 * size &&
        l.bbox[0] - v.bbox[2] <= 1.5 * size &&
        Math.abs((v.bbox[1] + v.bbox[3]) / 2 - cy) < 0.3 * size
      );
    });
    if (d) out.set(l, d);
  }
  // A list has two items or more, their bullets one above the other (not a chart's lone data mark).
  for (const [l, d] of out)
    if ([...out.values()].filter((o) => Math.abs(o.bbox[0] - d.bbox[0]) < 1).length < 2) out.delete(l);
  return out;
}

/** Lines opening with a glyph the text layer could not name (a control char: TeX's symbol-font bullet
 * without a ToUnicode map) then a space, two or more with the same glyph at one left edge: list bullets. */
function unnamedBullets(blocks: RawBlock[]): Set<RawLine> {
  const found: RawLine[] = [];
  for (const b of blocks)
    for (const l of b.lines) {
      const c = l.text.charCodeAt(0),
        next = l.text.charCodeAt(1);
      if (
        ((c < 0x20 && (c < 9 || c > 13)) || (c >= 0x7f && c <= 0x9f) || c === 0xfffd) &&
        (next === 0x20 || next === 0xa0)
      )
        found.push(l);
    }
  if (!found.length) return new Set();
  return new Set(
    found.filter(
      (l) => found.filter((o) => o.text[0] === l.text[0] && Math.abs(o.bbox[0] - l.bbox[0]) < 1).length >= 2,
    ),
  );
}

/** The line with its drawn bullet written as "• " in front. */
function withBullet(l: RawLine, v: RawVector): RawLine {
  const shift = (ix?: number[]) => ix?.map((i) => i + 2);
  return {
    ...l,
    text: `• ${l.text}`,
    cx0: [v.bbox[0], v.bbox[2], ...l.cx0],
    cx1: [v.bbox[2], l.bbox[0], ...l.cx1],
    bbox: [v.bbox[0], l.bbox[1], l.bbox[2], l.bbox[3]],
    sup: shift(l.sup),
    sub: shift(l.sub),
    cy1: l.cy1 ? [NaN, NaN, ...l.cy1] : undefined,
  };
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
