// List bullets the text layer does not give as text: shapes drawn left of a line (a browser's discs), or a
// glyph it cannot name (TeX's symbol-font bullet without a ToUnicode map); both become the bullet char.
import type { RawBlock, RawLine, RawVector } from '../raw.ts';
import { MEND } from './thresholds.ts';

/** Lines opening a list item whose bullet is a shape: a small filled disc or square left of the line's start
 * (within 1.5 ems), centred on its row, with no text of its own, another such bullet above or below it. */
export function drawnBullets(blocks: RawBlock[], vectors: RawVector[]): Map<RawLine, RawVector> {
  const out = new Map<RawLine, RawVector>();
  const dots = vectors.filter(
    (v) =>
      !v.stroked &&
      v.bbox[2] - v.bbox[0] <= MEND.dotMax &&
      Math.abs(v.bbox[2] - v.bbox[0] - (v.bbox[3] - v.bbox[1])) < MEND.dotSquare,
  );
  if (!dots.length) return out;
  for (const l of blocks.flatMap((b) => b.lines)) {
    if (l.rotated || l.cx0.length !== l.text.length || !/^\s*[\p{L}\p{N}]/u.test(l.text)) continue;
    const cy = (l.bbox[1] + l.bbox[3]) / 2,
      size = l.size;
    const d = dots.find((v) => {
      const w = v.bbox[2] - v.bbox[0];
      return (
        w >= MEND.dotMin * size &&
        w <= MEND.dotBig * size &&
        v.bbox[2] < l.bbox[0] - MEND.dotClear * size &&
        l.bbox[0] - v.bbox[2] <= MEND.dotReach * size &&
        Math.abs((v.bbox[1] + v.bbox[3]) / 2 - cy) < MEND.dotCentre * size
      );
    });
    if (d) out.set(l, d);
  }
  // A list has two items or more, their bullets one above the other (not a chart's lone data mark).
  for (const [l, d] of out)
    if ([...out.values()].filter((o) => Math.abs(o.bbox[0] - d.bbox[0]) < MEND.bulletColumn).length < 2) out.delete(l);
  return out;
}

/** Lines opening with a glyph the text layer could not name (a control char: TeX's symbol-font bullet
 * without a ToUnicode map) then a space, two or more with the same glyph at one left edge: list bullets. */
export function unnamedBullets(blocks: RawBlock[]): Set<RawLine> {
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
      (l) =>
        found.filter((o) => o.text[0] === l.text[0] && Math.abs(o.bbox[0] - l.bbox[0]) < MEND.bulletColumn).length >= 2,
    ),
  );
}

/** The line with its drawn bullet written as "• " in front. */
export function withBullet(l: RawLine, v: RawVector): RawLine {
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
