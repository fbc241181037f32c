// SoMark blocks of a page: each element's block type (from its margin role, title level, footnote verdict
// and kind), the page's block order (headers, the body in reading order, footnotes, footers and side notes),
// boxes in the page's pixels (144 DPI), text with the document's hyphenated words mended, equations as safe
// TeX, the crop each figure or drawn formula has; and a figure's content taken from the caption beside it.
import type { Block, BlockType, Page } from '../../shared/somark.ts';
import { safeTex } from '../../shared/markdown/escape.ts';
import type { Elem, PageAnalysis } from '../model.ts';
import { mendHyphens } from './hyphens.ts';
import { TABLE_CAPTION } from '../analysis/text.ts';
import type { MarginRole } from './headers.ts';
import { isFootnote } from './notes.ts';

/** The block type of element `e` of page `p` (body size `body`); `endnote` when notes.ts's endnotes hold it. */
export function typeOf(
  e: Elem,
  role: MarginRole,
  level: number,
  p: PageAnalysis,
  body: number,
  endnote = false,
): BlockType {
  if (role) return role;
  if (endnote) return 'footnote';
  switch (e.kind) {
    case 'figure':
      return 'figure';
    case 'table':
      return 'table';
    case 'caption':
      return TABLE_CAPTION.test(e.text) ? 'table_caption' : 'figure_caption';
    case 'code':
      return 'code';
    case 'equation':
      return 'equation';
    default:
  }
  if (level > 0) return 'title';
  if (e.toc) return 'cate_item';
  return isFootnote(e, p, body) ? 'footnote' : 'text';
}

/** An element's box in the page's pixels, clamped to the page and at least one pixel wide and high. */
function bboxPx(e: Elem, p: PageAnalysis): [number, number, number, number] {
  const s = p.scale,
    W = Math.round(p.width * s),
    H = Math.round(p.height * s);
  const c = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v * s)));
  let [x1, y1, x2, y2] = [c(e.bbox[0], W), c(e.bbox[1], H), c(e.bbox[2], W), c(e.bbox[3], H)];
  if (x2 <= x1) {
    if (x2 < W) x2 = x1 + 1;
    else x1 = x2 - 1;
  }
  if (y2 <= y1) {
    if (y2 < H) y2 = y1 + 1;
    else y1 = y2 - 1;
  }
  return [x1, y1, x2, y2];
}

/** One page's blocks, its elements in block order and the temporary crop of each block (figures and
 * equations with a picture). `order` lists element indices; `types` and `levels` are per element. */
export function pageBlocks(
  p: PageAnalysis,
  order: number[],
  types: BlockType[],
  levels: number[],
  pairs: ReadonlySet<string>,
): { page: Page; elems: Elem[]; crops: (string | undefined)[] } {
  const blocks: Block[] = [],
    elems: Elem[] = [],
    crops: (string | undefined)[] = [];
  for (const ei of order) {
    const e = p.elems[ei],
      type = types[ei];
    const text = mendHyphens(e.text, pairs);
    const b: Block = {
      idx: blocks.length,
      type,
      bbox: bboxPx(e, p),
      content: type === 'equation' ? safeTex(text) : text,
      format: type === 'table' ? 'html' : 'text',
      captions: [],
      img_url: '',
    };
    if (type === 'title') b.title_level = levels[ei];
    if (type === 'code') b.code_language = '';
    blocks.push(b);
    elems.push(e);
    crops.push(type === 'figure' || type === 'equation' ? e.crop : undefined);
  }
  const page: Page = {
    page_num: p.pageNum,
    page_size: { w: Math.round(p.width * p.scale), h: Math.round(p.height * p.scale) },
    merge_content_from_pre_page: false,
    blocks,
  };
  return { page, elems, crops };
}

/** A figure's content is its caption when one sits right next to it (after it, else before it). */
export function captionFigures(page: Page): void {
  const blocks = page.blocks;
  for (const [i, b] of blocks.entries()) {
    if (b.type !== 'figure') continue;
    const cap = [blocks[i + 1], blocks[i - 1]].find((c) => c?.type === 'figure_caption');
    if (cap) b.content = cap.content;
  }
}
