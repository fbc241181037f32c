// Pure navigation and find-in-document over the review document (keyboard j/k, n/p, search hits).
import type { ReviewDoc } from './doc.ts';

/**
 * Next (dir 1) or previous (dir -1) block after `from` whose type is shown. With no selection
 * (from = -1) it starts at the current page: its first block going forward, the block before it
 * going back. Returns -1 when there is none (the ends do not wrap).
 */
export function stepBlock(doc: ReviewDoc, from: number, dir: 1 | -1, hidden: ReadonlySet<string>, page = 0): number {
  const { blocks, pages } = doc.model;
  if (blocks.length === 0) return -1;
  let g = from;
  if (g < 0) {
    const p = pages[Math.min(Math.max(page, 0), pages.length - 1)];
    g = (p?.first ?? 0) - (dir === 1 ? 1 : 0);
  }
  for (g += dir; g >= 0 && g < blocks.length; g += dir) {
    if (!hidden.has(blocks[g]!.type)) return g;
  }
  return -1;
}

export function clampPage(doc: ReviewDoc, page: number): number {
  return Math.min(Math.max(Math.round(page), 0), Math.max(doc.model.pages.length - 1, 0));
}

interface Hit {
  /** Block holding the text (-1 when only the Markdown has it). */
  g: number;
  /** Markdown chunk holding the text (-1 when only the JSON has it, e.g. a header). */
  chunk: number;
  page: number;
}

export interface Hits {
  query: string;
  list: Hit[];
  /** Blocks with a hit (boxes to mark). */
  blocks: ReadonlySet<number>;
  /** Chunks with a hit (Markdown to mark). */
  chunks: ReadonlySet<number>;
}

export const NO_HITS: Hits = { query: '', list: [], blocks: new Set(), chunks: new Set() };

/**
 * Case-insensitive find over the Markdown chunks and the block contents. One hit per chunk (its
 * block when it has one) plus blocks the Markdown lacks, in page order.
 */
export function findHits(doc: ReviewDoc, rawQuery: string): Hits {
  const query = rawQuery.trim().toLowerCase();
  if (!query) return NO_HITS;
  const { blocks, pages } = doc.model;
  const { chunkOfBlock, blockOfChunk } = doc.alignment;
  const lowerChunks = doc.lowerChunks();
  const blockSet = new Set<number>();
  const chunkSet = new Set<number>();
  const keyed: { key: number; hit: Hit }[] = [];
  for (const b of blocks) if (b.lower.includes(query)) blockSet.add(b.g);
  for (let i = 0; i < lowerChunks.length; i++) if (lowerChunks[i]!.includes(query)) chunkSet.add(i);
  const order = (page: number, within: number) => Math.max(page, 0) * 1e7 + within;
  for (const i of chunkSet) {
    const g = blockOfChunk[i]!;
    const page = g >= 0 ? blocks[g]!.page : doc.chunkPage[i]!;
    const within = g >= 0 ? g - pages[page]!.first : 5e6 + i;
    keyed.push({ key: order(page, within), hit: { g, chunk: i, page } });
  }
  for (const g of blockSet) {
    const chunk = chunkOfBlock[g]!;
    if (chunk >= 0 && chunkSet.has(chunk)) continue;
    const b = blocks[g]!;
    keyed.push({ key: order(b.page, g - pages[b.page]!.first), hit: { g, chunk, page: b.page } });
  }
  keyed.sort((a, b) => a.key - b.key);
  return { query, list: keyed.map((k) => k.hit), blocks: blockSet, chunks: chunkSet };
}

/** Index of the next/previous hit, wrapping around; -1 without hits. */
export function stepHit(hits: Hits, current: number, dir: 1 | -1): number {
  const n = hits.list.length;
  if (n === 0) return -1;
  if (current < 0) return dir === 1 ? 0 : n - 1;
  return (current + dir + n) % n;
}
