// Corrections of a result's blocks: pure operations on its pages that return new pages (the input is never
// changed; untouched pages and blocks keep their identity, so they serialise byte for byte as before).
// Every operation keeps a block's page and box; a merge takes the union of two boxes on the same page; a new
// block (the second half of a split) gets the page's next free `idx`. An operation that cannot apply (no such
// block, nothing to merge with, a split at an end) answers null.
import type { BBox, Block, Page } from '../somark.ts';
import { joinTables, joinText } from '../markdown/join.ts';

/** A block by its page (position in pages) and its position in that page's blocks (reading order). */
export interface BlockAt {
  page: number;
  index: number;
}

export type EditOp =
  | { kind: 'text'; at: BlockAt; content: string }
  | { kind: 'type'; at: BlockAt; type: string; level?: number }
  | { kind: 'level'; at: BlockAt; level: number }
  | { kind: 'merge'; at: BlockAt }
  | { kind: 'split'; at: BlockAt; offset: number }
  | { kind: 'delete'; at: BlockAt }
  | { kind: 'move'; at: BlockAt; dir: 1 | -1 };

/** Types a user may give a block (the service's names); a title also has a level 1–6. */
export const EDIT_TYPES = [
  'title',
  'text',
  'table',
  'figure',
  'figure_caption',
  'table_caption',
  'equation',
  'code',
  'footnote',
  'header',
  'footer',
  'reference',
] as const;
export const MAX_TITLE_LEVEL = 6;

const clampLevel = (n: number): number =>
  Math.min(MAX_TITLE_LEVEL, Math.max(1, Math.round(Number.isFinite(n) ? n : 1)));

function blockAt(pages: readonly Page[], at: BlockAt): Block | null {
  return pages[at.page]?.blocks[at.index] ?? null;
}

/** Pages with page `at.page`'s blocks replaced. */
function withBlocks(pages: readonly Page[], page: number, blocks: Block[]): Page[] {
  const out = pages.slice();
  out[page] = { ...pages[page]!, blocks };
  return out;
}

function replace(pages: readonly Page[], at: BlockAt, next: Block): Page[] {
  const blocks = pages[at.page]!.blocks.slice();
  blocks[at.index] = next;
  return withBlocks(pages, at.page, blocks);
}

/** The block as a new object of `type` (a title gets a level, any other type loses it). */
function retyped(b: Block, type: string, level: number | undefined): Block {
  const { title_level: _old, ...rest } = b;
  return type === 'title' ? { ...rest, type, title_level: clampLevel(level ?? b.title_level ?? 1) } : { ...rest, type };
}

export const unionBox = (a: BBox, b: BBox): BBox => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];

/** Two blocks' content as one: tables row after row, running text joined as the writer joins it, other
 *  kinds (code, formulas) line after line. */
function mergedContent(a: Block, b: Block): string {
  if (a.type === 'table' && b.type === 'table') return joinTables(a.content, b.content);
  if (a.type === 'code' || a.type === 'equation') return `${a.content}\n${b.content}`;
  return joinText(a.content.trimEnd(), b.content.trimStart());
}

const nextIdx = (blocks: readonly Block[]): number =>
  blocks.reduce((m, b) => Math.max(m, Number.isInteger(b.idx) ? b.idx : -1), -1) + 1;

/** The pages after one operation, or null when it cannot apply. */
export function applyEdit(pages: readonly Page[], op: EditOp): Page[] | null {
  const b = blockAt(pages, op.at);
  if (!b) return null;
  const { page, index } = op.at;
  const blocks = pages[page]!.blocks;
  switch (op.kind) {
    case 'text':
      return op.content === b.content ? null : replace(pages, op.at, { ...b, content: op.content });
    case 'type':
      if (
        op.type === b.type &&
        (op.type !== 'title' || op.level === undefined || clampLevel(op.level) === b.title_level)
      )
        return null;
      return replace(pages, op.at, retyped(b, op.type, op.level));
    case 'level':
      if (b.type !== 'title' || clampLevel(op.level) === b.title_level) return null;
      return replace(pages, op.at, { ...b, title_level: clampLevel(op.level) });
    case 'merge': {
      const next = blocks[index + 1];
      if (!next) return null;
      const merged: Block = { ...b, content: mergedContent(b, next), bbox: unionBox(b.bbox, next.bbox) };
      return withBlocks(pages, page, [...blocks.slice(0, index), merged, ...blocks.slice(index + 2)]);
    }
    case 'split': {
      const head = b.content.slice(0, op.offset).trimEnd();
      const tail = b.content.slice(op.offset).trimStart();
      if (op.offset <= 0 || op.offset >= b.content.length || !head || !tail) return null;
      const second: Block = { ...b, idx: nextIdx(blocks), content: tail };
      return withBlocks(pages, page, [
        ...blocks.slice(0, index),
        { ...b, content: head },
        second,
        ...blocks.slice(index + 1),
      ]);
    }
    case 'delete':
      return withBlocks(
        pages,
        page,
        blocks.filter((_, i) => i !== index),
      );
    case 'move': {
      const to = index + op.dir;
      if (to < 0 || to >= blocks.length) return null;
      const out = blocks.slice();
      out[index] = blocks[to]!;
      out[to] = b;
      return withBlocks(pages, page, out);
    }
  }
}

/** Where the block an operation worked on is afterwards (the merged block, a split's first half, the moved
 *  block; after a delete the block that took its place, or the one before), or null when none is left. */
export function afterEdit(pages: readonly Page[], op: EditOp): BlockAt | null {
  const count = pages[op.at.page]?.blocks.length ?? 0;
  if (!count) return null;
  const index = op.kind === 'move' ? op.at.index + op.dir : op.at.index;
  return { page: op.at.page, index: Math.min(Math.max(0, index), count - 1) };
}
