// Pieces of one row that mupdf split, joined again before segmenting: line fragments on one baseline (font
// changes, bidi runs, raised note marks, vertical CJK glyphs) and blocks that start where the previous one
// ends; pieces on either side of a narrow column gutter (`gutters`) stay apart.
import type { RawBlock, RawLine } from '../raw.ts';
import { rectUnion } from '../raw.ts';
import { CJK_CHAR } from './text.ts';
import { ROW_JOIN } from './thresholds.ts';

/** Joins consecutive line fragments on one baseline with a small gap (font changes, bidi runs). */
export function mergeRowFragments(lines: RawLine[], apart: Apart): RawLine[] {
  const out: RawLine[] = [];
  for (const l of lines) {
    const p = out[out.length - 1];
    if (p?.rotated && l.rotated && CJK_CHAR.test(l.text)) {
      // Vertical CJK writing: mupdf gives one line per glyph; stack them into the column they form.
      const size = Math.max(p.size, l.size);
      if (
        Math.abs(p.bbox[0] - l.bbox[0]) < ROW_JOIN.cjkColumn * size &&
        Math.abs(p.bbox[2] - l.bbox[2]) < ROW_JOIN.cjkColumn * size &&
        l.bbox[1] - p.bbox[3] > ROW_JOIN.cjkGapMin * size &&
        l.bbox[1] - p.bbox[3] < ROW_JOIN.cjkGapMax * size
      ) {
        out[out.length - 1] = {
          ...p,
          text: p.text + l.text,
          cx0: [...p.cx0, ...l.cx0],
          cx1: [...p.cx1, ...l.cx1],
          bbox: rectUnion(p.bbox, l.bbox),
        };
        continue;
      }
    }
    if (p && !p.rotated && !l.rotated) {
      const size = Math.max(p.size, l.size);
      // A note mark or exponent mupdf put on a line of its own: small, short and raised within the row.
      const raised =
        l.text.length <= ROW_JOIN.raisedChars &&
        l.size <= ROW_JOIN.raisedSize * p.size &&
        l.bbox[3] < p.bbox[3] - ROW_JOIN.raisedLift * p.size &&
        l.bbox[3] > p.bbox[1];
      const sameRow =
        raised ||
        (Math.abs(p.bbox[3] - l.bbox[3]) < ROW_JOIN.rowBottom * size &&
          Math.abs(p.size - l.size) < ROW_JOIN.rowSize * size);
      const gap = l.rtl || p.rtl ? p.bbox[0] - l.bbox[2] : l.bbox[0] - p.bbox[2];
      if (sameRow && gap > ROW_JOIN.gapMin * size && gap < ROW_JOIN.gapMax * size && !apart(p, l)) {
        const sep = gap > ROW_JOIN.space * size && !/\s$/.test(p.text) && !raised ? ' ' : '';
        const n = p.text.length + l.text.length + sep.length;
        const off = p.text.length + sep.length;
        const sup = [
          ...(p.sup ?? []),
          ...(raised ? l.text.split('').map((_, i) => off + i) : (l.sup ?? []).map((i) => off + i)),
        ];
        const sub = [...(p.sub ?? []), ...(raised ? [] : (l.sub ?? []).map((i) => off + i))];
        out[out.length - 1] = {
          ...p,
          text: p.text + sep + l.text,
          ...(sup.length ? { sup } : {}),
          ...(sub.length ? { sub } : {}),
          cx0: [...p.cx0, ...(sep ? [p.bbox[2]] : []), ...l.cx0],
          cx1: [...p.cx1, ...(sep ? [l.bbox[0]] : []), ...l.cx1],
          bbox: rectUnion(p.bbox, l.bbox),
          size: p.text.length >= l.text.length ? p.size : l.size,
          bold: (p.bold * p.text.length + l.bold * l.text.length) / n,
          italic: (p.italic * p.text.length + l.italic * l.text.length) / n,
          mono: (p.mono * p.text.length + l.mono * l.text.length) / n,
          rtl: p.rtl || l.rtl,
        };
        continue;
      }
    }
    out.push(l);
  }
  return out;
}

/** A block that starts on the row where the previous one ends, right after it (mupdf splits a paragraph
 * where a note mark or a font change lifts the line): one block again. */
export function joinRowSplits(blocks: RawBlock[], apart: Apart): RawBlock[] {
  const out: RawBlock[] = [];
  for (const b of blocks) {
    const p = out[out.length - 1];
    const a = p?.lines[p.lines.length - 1],
      f = b.lines[0];
    if (a && f && !a.rotated && !f.rotated && !a.rtl && !f.rtl && !apart(a, f)) {
      const size = Math.max(a.size, f.size);
      const gap = f.bbox[0] - a.bbox[2];
      // …or a note mark set in another face, raised at the line's end (mergeRowFragments makes it a superscript).
      const raised =
        b.lines.length === 1 &&
        f.text.length <= ROW_JOIN.raisedChars &&
        f.size <= ROW_JOIN.raisedSize * a.size &&
        f.bbox[3] < a.bbox[3] - ROW_JOIN.raisedLift * a.size &&
        f.bbox[3] > a.bbox[1];
      if (
        (raised ||
          (Math.abs(a.bbox[3] - f.bbox[3]) < ROW_JOIN.rowBottom * size &&
            Math.abs(a.size - f.size) < ROW_JOIN.rowSize * size)) &&
        gap > ROW_JOIN.gapMin * size &&
        gap < ROW_JOIN.gapMax * size
      ) {
        out[out.length - 1] = { bbox: rectUnion(p.bbox, b.bbox), lines: [...p.lines, ...b.lines] };
        continue;
      }
    }
    out.push(b);
  }
  return out;
}

export type Apart = (a: RawLine, b: RawLine) => boolean;

/** Column gutters narrower than the row-joining gap (CJK columns a bit more than 1 em apart, justified
 * Latin ones): pieces side by side on one row whose facing edges line up with those of at least two more
 * rows are in two columns, never one line. */
export function gutters(blocks: RawBlock[]): Apart {
  const lines = blocks
    .flatMap((b) => b.lines)
    .filter((l) => !l.rotated)
    .sort((a, b) => a.bbox[3] - b.bbox[3] || a.bbox[0] - b.bbox[0]);
  const pairs: [number, number][] = [];
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i];
    for (let j = i + 1; j < lines.length && lines[j].bbox[3] - a.bbox[3] < ROW_JOIN.rowBottom * a.size; j++) {
      const b = lines[j],
        gap = b.bbox[0] - a.bbox[2];
      if (gap > ROW_JOIN.gutterMin * a.size && gap < ROW_JOIN.gapMax * Math.max(a.size, b.size))
        pairs.push([a.bbox[2], b.bbox[0]]);
    }
  }
  if (pairs.length < ROW_JOIN.gutterRows) return () => false;
  const near = (p: [number, number], r: number, l: number) =>
    Math.abs(p[0] - r) < ROW_JOIN.gutterEdge && Math.abs(p[1] - l) < ROW_JOIN.gutterEdge;
  return (a, b) => {
    let n = 0;
    for (const p of pairs) if (near(p, a.bbox[2], b.bbox[0]) && ++n >= ROW_JOIN.gutterRows) return true;
    return false;
  };
}
