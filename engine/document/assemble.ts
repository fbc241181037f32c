// Document-level pass over the per-page analyses: headers/footers, titles and levels, footnotes and
// code, the cross-page flag, SoMark blocks in 144-DPI pixels, figure files, Markdown and catalog.
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Block, BlockType, Page } from '../../shared/somark.ts';
import type { ParsedDocument, ParseOptions } from '../types.ts';
import type { Elem, PageAnalysis } from '../model.ts';
import { classifyMargins, type MarginRole } from './headers.ts';
import { assignTitles, bodyStyle, pageBody } from './titles.ts';
import { buildCatalog, toMarkdown } from '../../shared/markdown/writer.ts';
import { CJK_CHAR, END_OF_SENTENCE, startsLikeContinuation, TABLE_CAPTION } from '../analysis/text.ts';
import { hyphenPairs, mendHyphens } from './hyphens.ts';
import { tableGoesOn } from './table-flow.ts';
import { safeTex } from '../../shared/markdown/escape.ts';
import { reducedWarning } from '../input/caps.ts';
import { byRole } from '../reading-order/page.ts';

export interface DocumentMeta {
  fileType: string;
  pageCount: number;
}

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

/** Endnotes of a page: small text opening with a number, below all of the page's body, some of them numbers
 * the body refers to (`[^n]`): a notes list closing the document, as HTML and pandoc place notes. */
function endnotes(p: PageAnalysis, roles: MarginRole[], levels: number[], body: number, refs: Set<string>): Set<Elem> {
  if (!refs.size) return new Set();
  const flow = p.elems.filter((e, i) => !roles[i] && !levels[i]);
  const small = flow.filter((e) => e.kind === 'text' && e.size <= body * 0.85 && /^\d{1,3}[.)]?\s+\S/.test(e.text));
  const bottom = Math.max(...flow.filter((e) => !small.includes(e)).map((e) => e.bbox[3]));
  const below = small.filter((e) => e.bbox[1] >= bottom - 1);
  return new Set(below.some((e) => refs.has(/^\d+/.exec(e.text)![0])) ? below : []);
}

function typeOf(e: Elem, role: MarginRole, level: number, p: PageAnalysis, body: number, endnote = false): BlockType {
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
  // Footnotes: small text low on the page, opening with a marker ("12 The …", "* …") or at the very bottom;
  // long enough for a sentence (a CJK character counts as two letters).
  if (
    e.size <= body * 0.85 &&
    e.text.length + (e.text.match(CJK_CHARS)?.length ?? 0) > 15 &&
    (e.bbox[1] > 0.75 * p.height || (e.bbox[1] > 0.5 * p.height && FOOTNOTE_MARK.test(e.text)))
  )
    return 'footnote';
  // A smaller note that opens with a raised mark (notes.ts), in the lower half.
  if (e.note && e.size <= body * 0.95 && e.bbox[1] > 0.5 * p.height) return 'footnote';
  return 'text';
}

const CJK_CHARS = new RegExp(CJK_CHAR.source, 'g');
const FOOTNOTE_MARK = /^(\d{1,3}|[*∗†‡§¶]+)\s?\S/;
const isFlow = (b: Block): boolean =>
  b.type !== 'header' && b.type !== 'footer' && b.type !== 'footnote' && b.type !== 'sider';

/** Renames the temporary crops to image_NNN.png in reading order and fills img_url. */
async function finishImages(
  pages: Page[],
  crops: (string | undefined)[][],
  opts: ParseOptions,
): Promise<ParsedDocument['images']> {
  const images: ParsedDocument['images'] = [];
  const mode = opts.elementFormats.image;
  const moves: Promise<void>[] = [];
  // Names in reading order first; the files are renamed (or removed) all at once, not one round trip each
  // (the IRS manual's 117 crops: ~15 ms of waiting, all of it on the assembly's critical path).
  for (const [pi, p] of pages.entries()) {
    for (const [bi, b] of p.blocks.entries()) {
      const tmp = crops[pi][bi];
      if (!tmp) continue;
      if (mode === 'none') {
        moves.push(rm(join(opts.imageDir, tmp), { force: true }));
        continue;
      }
      const fileName = `image_${String(images.length + 1).padStart(3, '0')}${tmp.slice(tmp.lastIndexOf('.'))}`;
      const moved = rename(join(opts.imageDir, tmp), join(opts.imageDir, fileName));
      const url = opts.imageUrl(fileName);
      images.push({ fileName, url });
      if (mode === 'base64') {
        const mime = fileName.endsWith('.webp') ? 'image/webp' : 'image/png';
        moves.push(
          moved.then(async () => {
            b.img_url = `data:${mime};base64,${(await readFile(join(opts.imageDir, fileName))).toString('base64')}`;
          }),
        );
      } else {
        b.img_url = url;
        moves.push(moved);
      }
    }
  }
  await Promise.all(moves);
  return images;
}

/** `next` goes on with the paragraph `prev` left off: that one stops mid-sentence on a full line, and this one
 * is no list item and starts lower-case (or the previous stops on a word/comma). */
const continues = (prev: Elem, next: Elem): boolean =>
  !END_OF_SENTENCE.test(prev.text) &&
  !prev.shortLast &&
  !next.list &&
  (startsLikeContinuation(next.text) || /[\p{L}\d,\-–]$/u.test(prev.text));

/** `next` opens a page of a document whose paragraphs open indented and goes on with `prev`, the previous page's
 * last paragraph, though `prev` ends a sentence: `next` is not indented, and both are body text of one face. */
const goesOnIndented = (prev: Elem, next: Elem): boolean =>
  !prev.shortLast &&
  prev.nLines >= 2 &&
  !next.indent &&
  !next.list &&
  next.nLines >= 2 &&
  face(prev.font) === face(next.font) &&
  Math.abs(prev.size - next.size) < 0.05 * next.size;
/** A font's name without the object number that unnamed (Type3) fonts carry, which differs page to page. */
const face = (font: string | undefined): string => (font ?? '').replace(/\s*\(\d+ \d+ R\)$/, '');

/** `next` heads the column right of `prev`'s (starting higher, no wider) and goes on with its paragraph, a
 * real one (several lines of a column a fifth of the page wide or more, 80 letters, a CJK char counting two:
 * not a label of a form or a grid),
 * starting lower-case (a capital at a column head is more often a masthead or a new block than a name). */
function nextColumn(prev: Elem, next: Elem, pageWidth: number): boolean {
  const w = prev.bbox[2] - prev.bbox[0];
  return (
    prev.nLines >= 2 &&
    prev.text.length + (prev.text.match(CJK_CHARS)?.length ?? 0) >= 80 &&
    w >= 0.2 * pageWidth &&
    next.bbox[2] - next.bbox[0] <= 1.25 * w &&
    next.bbox[0] >= prev.bbox[2] - 0.02 * pageWidth &&
    next.bbox[1] < prev.bbox[3] &&
    continues(prev, next) &&
    startsLikeContinuation(next.text)
  );
}

/** The document's warnings from its pages' analyses (pages read at a lower resolution). */
function warningsOf(analyses: PageAnalysis[]): { warnings?: string[] } {
  const w = reducedWarning(
    analyses.flatMap((a) => (a.reducedDpi ? [[a.pageNum, a.reducedDpi] as [number, number]] : [])),
  );
  return w ? { warnings: [w] } : {};
}

export async function assembleDocument(
  analyses: PageAnalysis[],
  meta: DocumentMeta,
  opts: ParseOptions,
): Promise<ParsedDocument> {
  const pagesIn = [...analyses].sort((a, b) => a.pageNum - b.pageNum);
  const bs = bodyStyle(pagesIn);
  const body = bs.size;
  const roles = classifyMargins(pagesIn, body);
  const levels = assignTitles(pagesIn, roles, bs);
  const crops: (string | undefined)[][] = [];
  let prevLast: { e: Elem; type: string } | null = null;
  const joins = new Set<Block>();
  const pairs = hyphenPairs(pagesIn.flatMap((p) => p.elems.map((e) => e.text)));
  const multi = pagesIn.flatMap((p) => p.elems.filter((e) => e.kind === 'text' && e.nLines >= 2));
  const indented = multi.length >= 4 && multi.filter((e) => e.indent).length >= 0.6 * multi.length;
  const refs = new Set(
    pagesIn.flatMap((p) => p.elems.flatMap((e) => [...e.text.matchAll(/\[\^(\d{1,3})\]/g)].map((m) => m[1]))),
  );
  const pages: Page[] = pagesIn.map((p, pi) => {
    const blocks: Block[] = [];
    const pageCrops: (string | undefined)[] = [];
    let merge = false,
      firstFlow = true;
    let pageLast: { e: Elem; type: string } | null = null;
    // Headers first, then the body (all its columns), its footnotes, and footers last, whatever the reading order gave.
    const own = pageBody(p, body);
    const ends = endnotes(p, roles[pi], levels[pi], body, refs);
    const types = p.elems.map((e, ei) => typeOf(e, roles[pi][ei], levels[pi][ei], p, own, ends.has(e)));
    for (const ei of byRole(types)) {
      const e = p.elems[ei];
      const type = types[ei];
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
      if (type === 'title') b.title_level = levels[pi][ei];
      if (type === 'code') b.code_language = '';
      if (isFlow(b)) {
        // A paragraph the column's foot cut off goes on at the head of the next column (to its right, starting
        // higher): one paragraph in the Markdown; the JSON keeps a block per column.
        if (type === 'text' && pageLast?.type === 'text' && nextColumn(pageLast.e, e, p.width)) joins.add(b);
        // So does a table (table-flow.ts); at the head of the next page only when tables may cross pages.
        if (
          type === 'table' &&
          (pageLast
            ? tableGoesOn(pageLast.e, e, p.width, false)
            : firstFlow &&
              opts.featureConfig.enable_table_cross_page &&
              prevLast?.type === 'table' &&
              tableGoesOn(prevLast.e, e, p.width, true))
        )
          joins.add(b);
        pageLast = { e, type };
        // The page opens with the rest of the previous page's last paragraph.
        // So does a paragraph cut at a sentence's end, in a document whose paragraphs open indented: the page
        // opens with an unindented block of several lines, in the face and size of the paragraph (of several
        // lines, its last one full) that ended the previous page: not after an ornament, a colophon or a title.
        if (
          firstFlow &&
          type === 'text' &&
          prevLast?.type === 'text' &&
          (continues(prevLast.e, e) || (indented && goesOnIndented(prevLast.e, e)))
        )
          merge = true;
        firstFlow = false;
        prevLast = { e, type };
      }
      blocks.push(b);
      // Figures and drawn formulas (equations with a picture) have a crop.
      pageCrops.push(type === 'figure' || type === 'equation' ? e.crop : undefined);
    }
    // A figure's content is its caption when one sits right next to it.
    for (const [i, b] of blocks.entries()) {
      if (b.type !== 'figure') continue;
      const cap = [blocks[i + 1], blocks[i - 1]].find((c) => c?.type === 'figure_caption');
      if (cap) b.content = cap.content;
    }
    crops.push(pageCrops);
    return {
      page_num: p.pageNum,
      page_size: { w: Math.round(p.width * p.scale), h: Math.round(p.height * p.scale) },
      merge_content_from_pre_page: merge,
      blocks,
    };
  });
  const images = await finishImages(pages, crops, opts);
  return {
    fileType: meta.fileType,
    pageCount: meta.pageCount,
    json: { pages },
    markdown: toMarkdown(pages, opts.featureConfig, opts.elementFormats.image, joins),
    catalog: buildCatalog(pages),
    images,
    ...warningsOf(analyses),
  };
}
