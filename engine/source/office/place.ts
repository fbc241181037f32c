// Puts an Office reader's elements on the converted PDF's pages: only the page and the box come from there.
// Body elements find their block by their words, in reading order (the best match a little ahead, or the
// first block that holds them); formulas take the next formula block, pictures the PDF's pictures in order,
// notes the block that holds them anywhere. Elements sharing one block split its height. An element with no
// match keeps the page of the element before it (a thin box just below it; from a title on, the page of the
// element after it). The PDF's pictures the source does not state, and its headers and footers, stay where
// they are; its other blocks give way to the source.
import type { Block, Page } from '../../../shared/somark.ts';
import { common, type SourceElem, toBlock, wordsOf } from './elements.ts';
import { type Candidate, findBody, findNote, runBlock } from './match.ts';

/** Blocks the source does not state, kept as the PDF has them. */
const KEEP = new Set(['figure', 'header', 'footer', 'sider']);
/** A block no element took is a page header or footer when this share of its words is that part's. */
const FURNITURE = 0.8;

interface Placed {
  elem: SourceElem;
  /** Source order (the body's, then the notes'). */
  seq: number;
  page: number;
  block?: Block;
}

/** The blocks no element took whose words are a page header's or footer's (the source's header and footer
 * parts), with that type — the part sharing most of the block's words (numbers aside), a block in the page's
 * lower half taking a footer's on a tie: the JSON keeps them, the Markdown leaves them out unless asked
 * (keep_header_footer). */
function pageFurniture(
  pages: Page[],
  cands: Candidate[],
  elems: SourceElem[],
  placed: Set<unknown>,
): Map<Block, string> {
  const parts = elems.filter((e) => e.type === 'header' || e.type === 'footer').map((e) => ({ e, words: wordsOf(e) }));
  const out = new Map<Block, string>();
  for (const c of cands) {
    const words = c.words.filter((w) => !/^\d+$/.test(w)); // page numbers differ page to page
    if (c.used || placed.has(c.block) || !words.length) continue;
    const low = c.block.bbox[1] > pages[c.page]!.page_size.h / 2;
    const score = (p: (typeof parts)[number]) =>
      common(words, p.words) / words.length + ((p.e.type === 'footer') === low ? 0.01 : 0);
    const part = parts.reduce<(typeof parts)[number] | null>((a, p) => (!a || score(p) > score(a) ? p : a), null);
    if (part && score(part) >= FURNITURE) {
      c.used = true;
      out.set(c.block, part.e.type);
    }
  }
  return out;
}

/** Several elements in one block: each a band of its height, in order, sized by its text. */
function boxesOf(group: Placed[], b: Block): Block['bbox'][] {
  const [x1, y1, x2, y2] = b.bbox;
  const sizes = group.map((p) => Math.max(1, p.elem.content.length));
  const total = sizes.reduce((a, n) => a + n, 0);
  let at = 0;
  return sizes.map((n) => {
    const top = Math.round(y1 + ((y2 - y1) * at) / total);
    at += n;
    const bottom = Math.round(y1 + ((y2 - y1) * at) / total);
    return [x1, top, x2, Math.max(top + 1, bottom)];
  });
}

export function placeElements(pdfPages: Page[], elems: SourceElem[]): Page[] {
  const pages = pdfPages.length
    ? pdfPages
    : [{ page_num: 0, page_size: { w: 1, h: 1 }, merge_content_from_pre_page: false, blocks: [] }];
  const all = pages.flatMap((p, page) => p.blocks.map((block) => ({ page, block })));
  const cands: Candidate[] = all
    .filter((x) => x.block.type !== 'figure')
    .map((x) => ({ ...x, words: wordsOf(x.block), used: false }));
  const figures = all.filter((x) => x.block.type === 'figure');
  const placed: Placed[] = [];
  let cursor = 0,
    figure = 0;
  const body = elems.filter((e) => e.type !== 'footnote' && e.type !== 'header' && e.type !== 'footer');
  body.forEach((elem, seq) => {
    if (elem.type === 'figure') {
      const f = figures[figure++];
      if (f) placed.push({ elem: { ...elem, content: f.block.content }, seq, page: f.page, block: f.block });
      return;
    }
    const hit = findBody(elem, cands, cursor);
    if (!hit) {
      placed.push({ elem, seq, page: -1 });
      return;
    }
    const c = cands[hit.at]!;
    const run = hit.run ?? [hit.at];
    cursor = hit.whole ? Math.max(cursor, run[run.length - 1]! + 1) : hit.at;
    for (const k of hit.whole ? run : []) cands[k]!.used = true;
    placed.push({ elem, seq, page: c.page, block: hit.run ? runBlock(cands, run) : c.block });
  });
  // Source order is page order: an element found on a later page than one after it was found on the wrong
  // block, and is placed as one found nowhere (after its neighbour).
  let min = Number.POSITIVE_INFINITY;
  for (const p of [...placed].reverse()) {
    if (p.block && p.page > min) p.block = undefined;
    else if (p.block) min = p.page;
  }
  // A run of elements found nowhere keeps the page of the element before it, from its first title on the page of
  // the element after it (a title heads what follows it).
  for (let i = 0; i < placed.length; ) {
    let j = i;
    while (j < placed.length && !placed[j]!.block) j++;
    const before = placed[i - 1]?.page ?? -1;
    const after = placed[j]?.page ?? before;
    let page = before;
    for (let k = i; k < j; k++) {
      if (placed[k]!.elem.type === 'title' && after >= 0) page = after;
      placed[k]!.page = page;
    }
    i = j + 1;
  }
  // Elements before the first match keep the page of the first one found.
  const first = placed.find((p) => p.page >= 0)?.page ?? 0;
  for (const p of placed) if (p.page < 0) p.page = first;
  elems
    .filter((e) => e.type === 'footnote')
    .forEach((elem, k) => {
      const j = findNote(elem, cands);
      const c = cands[j];
      if (c) c.used = true;
      const ref = `[^${elem.content.split(' ')[0]}]`;
      const page = c?.page ?? placed.find((p) => p.elem.content.includes(ref))?.page ?? pages.length - 1;
      placed.push({ elem, seq: body.length + k, page, block: c?.block });
    });
  const furniture = pageFurniture(pages, cands, elems, new Set(placed.map((p) => p.block)));
  const taken = new Set([
    ...placed.flatMap((p) => (p.block ? [p.block] : [])),
    ...cands.filter((c) => c.used).map((c) => c.block),
  ]);
  return assemble(pages, placed, taken, furniture);
}

/** Each page: the PDF's headers, the body (the source's elements in order, the PDF's other pictures by height),
 * the notes, the PDF's footers. */
function assemble(pages: Page[], placed: Placed[], taken: Set<Block>, furniture: Map<Block, string>): Page[] {
  const groups = new Map<Block, Placed[]>();
  for (const p of placed) if (p.block) groups.set(p.block, [...(groups.get(p.block) ?? []), p]);
  const boxes = new Map<Placed, Block['bbox']>();
  for (const [b, g] of groups) for (const [i, box] of boxesOf(g, b).entries()) boxes.set(g[i]!, box);
  return pages.map((page, pi) => {
    const { w, h } = page.page_size;
    const rank = (b: Block) =>
      b.type === 'header' ? 0 : b.type === 'footnote' ? 2 : b.type === 'footer' || b.type === 'sider' ? 3 : 1;
    const out: Block[] = [];
    let last: Block['bbox'] | null = null;
    for (const p of placed.filter((x) => x.page === pi).sort((a, b) => a.seq - b.seq)) {
      const y = last ? Math.min(h - 1, last[3]) : 0;
      const box: Block['bbox'] = boxes.get(p) ?? (last ? [last[0], y, last[2], y + 1] : [0, 0, Math.max(1, w), 1]);
      const b = p.block?.type === 'figure' ? { ...p.block } : toBlock(p.elem, 0, box);
      out.push(b);
      last = box;
    }
    // The PDF's own blocks kept: after the last body block that starts above them.
    for (const x of page.blocks.filter((x) => (KEEP.has(x.type) && !taken.has(x)) || furniture.has(x))) {
      const b = { ...x, type: furniture.get(x) ?? x.type };
      let at = out.length;
      while (at > 0 && rank(out[at - 1]!) === 1 && rank(b) === 1 && out[at - 1]!.bbox[1] > b.bbox[1]) at--;
      out.splice(at, 0, b);
    }
    const blocks = out
      .map((b, i) => ({ b, i }))
      .sort((x, y) => rank(x.b) - rank(y.b) || x.i - y.i)
      .map(({ b }, idx) => ({ ...b, idx }));
    return { ...page, merge_content_from_pre_page: false, blocks };
  });
}
