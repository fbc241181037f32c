// The review screen's document model: pages and blocks of outputs.json flattened once, so every
// pane can address a block by one number (its global index `g`, reading order across pages).
import type { BBox, Block, JsonOutput } from '../../../../shared/somark.ts';
import type { Size } from '../../../../shared/bbox.ts';
import { isBBox, isEmptyBBox, normalizeBBox } from '../../../../shared/bbox.ts';

interface PageInfo {
  /** Position in json.pages (what the panes use). */
  index: number;
  /** page_num as the service sent it (0-based). */
  pageNum: number;
  /** page_size: the pixel raster the boxes are expressed in. */
  size: Size;
  /** merge_content_from_pre_page: the page's leading content was merged into the previous page. */
  merged: boolean;
  /** Global index of the page's first block, and how many blocks it has. */
  first: number;
  count: number;
  /** No block of the page carries text: a picture or a blank page (say so, do not look like a success). */
  textless: boolean;
}

export interface FlatBlock {
  g: number;
  page: number;
  block: Block;
  type: string;
  /** Normalised box, or null when the service sent none or a degenerate one. */
  bbox: BBox | null;
  /** Lower-cased content, for find-in-document. */
  lower: string;
}

export interface DocModel {
  pages: PageInfo[];
  blocks: FlatBlock[];
  /** Block types in order of first appearance, with counts. */
  types: { type: string; count: number }[];
}

const DEFAULT_SIZE: Size = { w: 1190, h: 1684 };

/** Block types that hold a picture rather than text. */
const PICTURE_TYPES = new Set(['figure', 'image', 'chart', 'photo', 'picture']);
/** Whether a block gives the reader text (a caption, a line, a cell): not a picture, not only image links. */
function hasText(type: string, content: string): boolean {
  if (PICTURE_TYPES.has(type)) return false;
  return content.replace(/!\[[^\]]*\]\([^)]*\)|<img[^>]*>/g, '').trim().length > 0;
}

function validSize(s: unknown): Size | null {
  if (!s || typeof s !== 'object') return null;
  const { w, h } = s as { w?: unknown; h?: unknown };
  return typeof w === 'number' && typeof h === 'number' && w > 0 && h > 0 ? { w, h } : null;
}

/**
 * Builds the model from outputs.json. Pages keep the service's order; a page without a usable
 * page_size borrows the previous page's (or A4 at 144 dpi) so it can still be laid out.
 */
export function buildModel(json: JsonOutput | null): DocModel {
  const pages: PageInfo[] = [];
  const blocks: FlatBlock[] = [];
  const counts = new Map<string, number>();
  const list = Array.isArray(json?.pages) ? json.pages : [];
  let lastSize = DEFAULT_SIZE;
  list.forEach((p, index) => {
    const size = validSize(p?.page_size) ?? lastSize;
    lastSize = size;
    const first = blocks.length;
    let textless = true;
    const raw = Array.isArray(p?.blocks) ? p.blocks : [];
    for (const block of raw) {
      if (!block || typeof block !== 'object') continue;
      const type = typeof block.type === 'string' && block.type ? block.type : 'unknown';
      const bbox = isBBox(block.bbox) && !isEmptyBBox(block.bbox) ? normalizeBBox(block.bbox) : null;
      const content = typeof block.content === 'string' ? block.content : '';
      if (textless && hasText(type, content)) textless = false;
      blocks.push({ g: blocks.length, page: index, block, type, bbox, lower: content.toLowerCase() });
      counts.set(type, (counts.get(type) ?? 0) + 1);
    }
    pages.push({
      index,
      pageNum: typeof p?.page_num === 'number' ? p.page_num : index,
      size,
      merged: p?.merge_content_from_pre_page === true,
      first,
      count: blocks.length - first,
      textless,
    });
  });
  return { pages, blocks, types: [...counts].map(([type, count]) => ({ type, count })) };
}

/** Pages for a result without JSON (or with fewer pages than the original): sizes from the PDF. */
export function modelFromSizes(sizes: readonly Size[]): DocModel {
  return {
    pages: sizes.map((size, index) => ({
      index,
      pageNum: index,
      size,
      merged: false,
      first: 0,
      count: 0,
      textless: false,
    })),
    blocks: [],
    types: [],
  };
}

/** Blocks of one page. */
export function pageBlocks(model: DocModel, page: number): FlatBlock[] {
  const p = model.pages[page];
  return p ? model.blocks.slice(p.first, p.first + p.count) : [];
}

/** The block JSON as the service sent it, pretty-printed (for "copy block JSON"). */
export function blockJson(b: FlatBlock): string {
  return JSON.stringify(b.block, null, 2);
}
