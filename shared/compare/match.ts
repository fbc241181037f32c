// Matches the blocks of two results of the same file (A and B) and says how each pair differs. Blocks
// pair only on the same page, by box overlap (boxes as fractions of their page, so results drawn at
// other rasters compare) and text similarity, best pairs first; each row is same / text changed (word
// diff, CJK by character; tables cell by cell) / kind or level changed / only in A / only in B, in A's
// reading order with B's unmatched blocks after the B block they follow. Pure: no DOM, no Node.
import type { JsonOutput } from '../somark.ts';
import { diffWords, plainText, type DiffOp } from './diff.ts';
import { pairPage } from './pair.ts';
import { diffCells, tableGrid, type CellChange } from './table.ts';

export type DiffKind = 'same' | 'text' | 'kind' | 'onlyA' | 'onlyB';
export const DIFF_KINDS: readonly DiffKind[] = ['same', 'text', 'kind', 'onlyA', 'onlyB'];

/** A box as fractions of its page: [x1, y1, x2, y2] in 0..1. */
export type UnitBox = [number, number, number, number];

export interface SideBlock {
  /** Position in the side's reading order (all pages). */
  index: number;
  page: number;
  type: string;
  /** A title's level, else null. */
  level: number | null;
  /** The block's content as the service sent it. */
  content: string;
  /** The content as compared (plainText). */
  text: string;
  box: UnitBox | null;
}

export interface Row {
  kind: DiffKind;
  page: number;
  a: SideBlock | null;
  b: SideBlock | null;
  /** Word diff A → B when the texts differ (not for tables). */
  words: DiffOp[] | null;
  /** Cells that differ, when both blocks are tables. */
  cells: CellChange[] | null;
}

export interface Side {
  pages: number;
  blocks: SideBlock[];
}

/** The blocks of one result, in reading order, with boxes as fractions of their page. */
export function sideOf(json: JsonOutput | null): Side {
  const pages = Array.isArray(json?.pages) ? json.pages : [];
  const blocks: SideBlock[] = [];
  pages.forEach((p, page) => {
    const w = p?.page_size?.w ?? 0;
    const h = p?.page_size?.h ?? 0;
    for (const b of Array.isArray(p?.blocks) ? p.blocks : []) {
      if (!b || typeof b !== 'object') continue;
      const content = typeof b.content === 'string' ? b.content : '';
      const bb =
        Array.isArray(b.bbox) && b.bbox.length === 4 && b.bbox.every((n) => typeof n === 'number') ? b.bbox : null;
      const box: UnitBox | null =
        bb && w > 0 && h > 0 && bb[2] > bb[0] && bb[3] > bb[1] ? [bb[0] / w, bb[1] / h, bb[2] / w, bb[3] / h] : null;
      const type = typeof b.type === 'string' && b.type ? b.type : 'unknown';
      const level = type === 'title' && typeof b.title_level === 'number' ? b.title_level : null;
      blocks.push({ index: blocks.length, page, type, level, content, text: plainText(content), box });
    }
  });
  return { pages: pages.length, blocks };
}

/** How a matched pair differs. */
function classify(a: SideBlock, b: SideBlock): Pick<Row, 'kind' | 'words' | 'cells'> {
  const kindChanged = a.type !== b.type || a.level !== b.level;
  if (a.type === 'table' && b.type === 'table') {
    const ga = tableGrid(a.content);
    const gb = tableGrid(b.content);
    if (ga && gb) {
      const cells = diffCells(ga, gb);
      return { kind: kindChanged ? 'kind' : cells.length ? 'text' : 'same', words: null, cells };
    }
  }
  const words = a.text === b.text ? null : diffWords(a.text, b.text);
  return { kind: kindChanged ? 'kind' : words ? 'text' : 'same', words, cells: null };
}

const byPage = (s: Side, n: number): SideBlock[][] => {
  const out: SideBlock[][] = Array.from({ length: n }, () => []);
  for (const b of s.blocks) out[b.page]!.push(b);
  return out;
};

/** Rows of the comparison of A and B: every block of each side in exactly one row. */
export function matchBlocks(a: Side, b: Side): Row[] {
  const pages = Math.max(a.pages, b.pages);
  const pa = byPage(a, pages);
  const pb = byPage(b, pages);
  const partnerOfB = new Map<number, SideBlock>();
  for (let p = 0; p < pages; p++) for (const [x, y] of pairPage(pa[p]!, pb[p]!)) partnerOfB.set(y.index, x);
  const partnerOfA = new Map<number, SideBlock>();
  for (const [bi, x] of partnerOfB) partnerOfA.set(x.index, b.blocks[bi]!);

  const rows: Row[] = a.blocks.map((x) => {
    const y = partnerOfA.get(x.index);
    return y
      ? { page: x.page, a: x, b: y, ...classify(x, y) }
      : { kind: 'onlyA', page: x.page, a: x, b: null, words: null, cells: null };
  });
  // B's unmatched blocks go after the row of the B block before them (on their page), else before their page's first row.
  const rowOfB = new Map<number, number>();
  rows.forEach((r, i) => {
    if (r.b) rowOfB.set(r.b.index, i);
  });
  const inserts = new Map<number, Row[]>(); // after row i (-1: at the start)
  let after = -1;
  for (const y of b.blocks) {
    const at = rowOfB.get(y.index);
    if (at !== undefined) {
      after = at;
      continue;
    }
    const prev = after >= 0 && rows[after]!.page === y.page ? after : lastRowBeforePage(rows, y.page);
    const list = inserts.get(prev) ?? [];
    list.push({ kind: 'onlyB', page: y.page, a: null, b: y, words: null, cells: null });
    inserts.set(prev, list);
    after = prev;
  }
  const out: Row[] = [...(inserts.get(-1) ?? [])];
  rows.forEach((r, i) => {
    out.push(r, ...(inserts.get(i) ?? []));
  });
  return out;
}

function lastRowBeforePage(rows: Row[], page: number): number {
  let last = -1;
  for (let i = 0; i < rows.length && rows[i]!.page < page; i++) last = i;
  return last;
}
