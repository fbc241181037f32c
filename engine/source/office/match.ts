// Finding an Office element on the converted PDF's pages by its words: the block that shows it (the best match a
// little ahead of the last one), a run of blocks that shows it together (a table printed as loose cells, list
// items one block each), or a block that holds it among other text; a formula takes the next formula block, a
// note the block that holds its text anywhere. Used by place.ts.
import type { Block } from '../../../shared/somark.ts';
import { common, type SourceElem, wordsOf } from './elements.ts';

/** How far ahead of the last match a body element is looked for, and how far back (the converted page's
 * reading order may differ from the source's: shapes on a slide), in blocks. */
const WINDOW = 40;
const BACK = 15;
/** A block showing the element: share of both word bags (Dice), less a little per block skipped. */
const SAME = 0.5;
const SKIP_COST = 0.002;
/** A block holding the element among other text: share of the element's words found there. */
const HOLDS = 0.7;
/** A run of blocks showing the element: each block's words mostly the element's, together half of them. */
const RUN_FIT = 0.6;
const RUN_SHARE = 0.5;

export interface Candidate {
  page: number;
  block: Block;
  words: string[];
  used: boolean;
}

/** Blocks from `j` on whose words belong to the element (a table's cells printed as texts of their own, a
 * paragraph cut in two): where the run ends, the blocks, how many of the element's words they hold and how many
 * words they have. `scattered`: blocks between that do not belong are passed over (the items of shapes side by
 * side, read row by row), up to the end of `j`'s page. */
function runFrom(words: readonly string[], cands: Candidate[], j: number, scattered = false) {
  const bag = new Map<string, number>();
  for (const w of words) bag.set(w, (bag.get(w) ?? 0) + 1);
  const run: number[] = [];
  let got = 0,
    size = 0,
    k = j;
  for (; k < cands.length && k < j + WINDOW && cands[k]!.page === cands[j]!.page; k++) {
    const c = cands[k]!;
    const hits = c.used ? [] : c.words.filter((w) => (bag.get(w) ?? 0) > 0 && bag.set(w, bag.get(w)! - 1));
    if (c.used || !c.words.length || hits.length < RUN_FIT * c.words.length) {
      for (const w of hits) bag.set(w, bag.get(w)! + 1);
      if (scattered) continue;
      break;
    }
    run.push(k);
    got += hits.length;
    size += c.words.length;
  }
  return { run, got, size };
}

/** The candidate a body element shows or sits in, from `from` on; its index, whether it is used up, and the end
 * of a run of blocks that shows it together. */
export function findBody(
  e: SourceElem,
  cands: Candidate[],
  from: number,
): { at: number; whole: boolean; run?: number[] } | null {
  const words = wordsOf(e);
  const end = Math.min(cands.length, from + WINDOW);
  if (e.type === 'equation') {
    for (let j = from; j < end; j++)
      if (!cands[j]!.used && cands[j]!.block.type === 'equation') return { at: j, whole: true };
  }
  if (!words.length) return null;
  // Two words in common at least (one for a one-word element): "Sheet1" is not the cell "1".
  const dice = (got: number, n: number) => (got >= Math.min(2, words.length) ? (2 * got) / (words.length + n) : 0);
  let best = { at: -1, score: SAME, run: [] as number[] };
  let start = Math.max(0, from - BACK);
  while (start < from && cands[start]!.page !== cands[from]?.page) start++; // back on this page only
  for (let j = start; j < end; j++) {
    const c = cands[j]!;
    if (c.used) continue;
    const r = runFrom(words, cands, j);
    const one = dice(common(words, c.words), c.words.length);
    const many = r.run.length >= 2 ? dice(r.got, r.size) : 0;
    const s = Math.max(one, many) - SKIP_COST * Math.abs(j - from);
    if (s > best.score) best = { at: j, score: s, run: many > one ? r.run : [] };
  }
  if (best.at >= 0)
    return best.run.length ? { at: best.at, whole: true, run: best.run } : { at: best.at, whole: best.score >= 0.8 };
  for (let j = from; j < end; j++)
    if (common(words, cands[j]!.words) >= HOLDS * words.length && words.length >= 2) return { at: j, whole: false };
  let gathered = { got: RUN_SHARE * words.length, run: [] as number[] };
  for (let j = start; j < end; j++) {
    const r = runFrom(words, cands, j, true);
    if (r.run.length >= 2 && r.got > gathered.got) gathered = r;
  }
  return gathered.run.length ? { at: gathered.run[0]!, whole: true, run: gathered.run } : null;
}

/** The box around a run of blocks (all on one page). */
export function runBlock(cands: Candidate[], run: number[]): Block {
  const on = run.map((k) => cands[k]!);
  const box = (i: number, pick: (...n: number[]) => number) => pick(...on.map((c) => c.block.bbox[i]!));
  return { ...on[0]!.block, bbox: [box(0, Math.min), box(1, Math.min), box(2, Math.max), box(3, Math.max)] };
}

/** The block that holds a note's text (without its label), anywhere in the document. */
export function findNote(e: SourceElem, cands: Candidate[]): number {
  const words = wordsOf(e).slice(1);
  let best = -1,
    score = HOLDS;
  cands.forEach((c, j) => {
    const s = words.length && !c.used ? common(words, c.words) / words.length : 0;
    if (s > score || (s === score && best >= 0 && c.block.type === 'footnote')) [best, score] = [j, s];
  });
  return best;
}
