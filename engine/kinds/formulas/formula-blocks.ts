// Blocks around a rebuilt formula (fractions.ts): the formula gets a block of its own, out of the paragraph
// mupdf set it in, and so does an equation number on its row, so the formula can take it as its \tag.
import type { RawBlock, RawLine } from '../../raw.ts';
import { rectUnion } from '../../raw.ts';
import { EQUATION_TAG } from './formulas.ts';
import { FRACTIONS } from './thresholds.ts';

/** A rebuilt formula set in one block with prose (the paragraph after it) goes to a block of its own,
 * the lines before and after it staying blocks in their order. */
export function ownBlocks(blocks: RawBlock[]): void {
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.lines.length < 2 || !b.lines.some((l) => l.latex)) continue;
    const parts: RawLine[][] = [[]];
    for (const l of b.lines) {
      if (l.latex) parts.push([l], []);
      else parts[parts.length - 1].push(l);
    }
    const own = parts
      .filter((p) => p.length)
      .map((lines) => ({ bbox: lines.map((l) => l.bbox).reduce(rectUnion), lines }));
    blocks.splice(i, 1, ...own);
    i += own.length - 1;
  }
}

/** An equation number "(n)" on the row of a formula line left of it, set in one block with other lines
 * (the paragraph after it), goes to a block of its own so the formula can take it as its \tag. */
export function splitTags(blocks: RawBlock[], formulas: RawLine[]): void {
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.lines.length < 2) continue;
    const tags = b.lines.filter(
      (t) =>
        EQUATION_TAG.test(t.text.trim()) &&
        blocks.some((o) =>
          o.lines.some(
            (f) =>
              f !== t &&
              (f.latex || formulas.includes(f)) &&
              f.bbox[2] < t.bbox[0] &&
              Math.abs((f.bbox[1] + f.bbox[3]) / 2 - (t.bbox[1] + t.bbox[3]) / 2) <
                FRACTIONS.tagRow * Math.max(f.size, t.size),
          ),
        ),
    );
    if (!tags.length) continue;
    // Before the block (the number is on its first row), which keeps its place beside what follows it.
    b.lines = b.lines.filter((l) => !tags.includes(l));
    b.bbox = b.lines.map((l) => l.bbox).reduce(rectUnion);
    blocks.splice(i, 0, ...tags.map((t) => ({ bbox: t.bbox, lines: [t] })));
    i += tags.length;
  }
}
