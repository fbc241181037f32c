// The page stage's later steps (their order is PAGE_STEPS in page.ts): the free lines grouped into segments,
// margin lines told from the body and everything put in reading order, items made elements, then merged
// (paragraphs, listings, equation numbers) and marked (captions, a running head over its rule).
import type { Elem } from '../model.ts';
import { segmentBlocks } from '../analysis/segment.ts';
import { CJK_CHAR } from '../analysis/text.ts';
import { PAGE_BANDS } from '../analysis/bands.ts';
import { toPageFrame } from '../pdf/frame.ts';
import { pageOrder } from '../reading-order/page.ts';
import { codeOnPage, joinCodeColumns, mergeCode } from './code.ts';
import { attachTags } from './formulas/formulas.ts';
import { joinMarkers, splitMarkColumns } from './markers.ts';
import { markCaptions, markHeadRule, mergeParagraphs, segElem } from './page-elems.ts';
import type { FigureElem, Item, PageStep, PageWork } from './page-work.ts';
import { MARGIN_LINES } from './thresholds.ts';

export const segmentText: PageStep = (p) => {
  p.segs = joinCodeColumns(joinMarkers(splitMarkColumns(segmentBlocks(p.blocks))));
};

/** Does more than half the page's text read right to left? */
function rightToLeft(p: PageWork): boolean {
  let rtlChars = 0,
    allChars = 0;
  for (const sg of p.segs)
    for (const l of sg.lines) {
      allChars += l.text.length;
      if (l.rtl) rtlChars += l.text.length;
    }
  return rtlChars > allChars / 2;
}

/** Margin lines (short segments in the top or bottom band, unless level with a paragraph of the column
 * beside them: a column's head in narrow margins is body), rotated text, the body; then the page's order. */
export const orderItems: PageStep = (p) => {
  const H = p.raw.height,
    band = PAGE_BANDS.margin;
  const items: Item[] = [
    ...p.segs.map((seg) => ({ kind: 'seg' as const, bbox: seg.bbox, seg })),
    ...p.figs.map((fig) => ({ kind: 'fig' as const, bbox: fig.bbox, fig })),
    ...p.tables.map((table) => ({ kind: 'table' as const, bbox: table.bbox, table })),
    ...p.arts.map((art) => ({ kind: 'art' as const, bbox: art.region, art })),
  ];
  const inMargin = (it: Item) =>
    it.kind === 'seg' &&
    it.seg.lines.length <= MARGIN_LINES.maxLines &&
    (it.bbox[3] <= band * H || it.bbox[1] >= (1 - band) * H);
  const aside = (it: Item) => it.kind === 'seg' && it.seg.rotated;
  const paras = items.filter(
    (o) => o.kind === 'seg' && o.seg.lines.length >= MARGIN_LINES.paragraphLines && !inMargin(o) && !aside(o),
  );
  const isMargin = (it: Item) =>
    inMargin(it) &&
    !paras.some(
      (o) =>
        (o.bbox[0] >= it.bbox[2] || o.bbox[2] <= it.bbox[0]) &&
        Math.min(it.bbox[3], o.bbox[3]) - Math.max(it.bbox[1], o.bbox[1]) >
          MARGIN_LINES.level * (it.bbox[3] - it.bbox[1]),
    );
  const rotated = items.filter((it) => aside(it) && !isMargin(it));
  const parts = {
    top: items.filter((it) => isMargin(it) && it.bbox[3] <= band * H),
    body: items.filter((it) => !isMargin(it) && !aside(it)),
    rotated,
    bottom: items.filter((it) => isMargin(it) && it.bbox[1] >= (1 - band) * H),
  };
  // Vertical CJK columns read right to left, like RTL lines.
  const verticalCjk =
    rotated.filter((it) => it.kind === 'seg' && CJK_CHAR.test(it.seg.lines[0].text)).length > rotated.length / 2;
  p.items = pageOrder(parts, rightToLeft(p), verticalCjk);
};

/** Non-text elements start from this: no lines, no face, in the body. */
const BLANK = { nLines: 0, size: 0, bold: 0, italic: 0, mono: 0, indent: false, shortLast: true } as const;

export const makeElems: PageStep = (p) => {
  const H = p.raw.height,
    codePage = codeOnPage(p.segs.flatMap((sg) => sg.lines));
  p.elems = p.items.map((it) => {
    if (it.kind === 'seg') return segElem(it.seg, H, codePage);
    const base = { bbox: it.bbox, ...BLANK, zone: 'body' as const };
    if (it.kind === 'table') return { ...base, kind: 'table' as const, text: it.table.html };
    // A drawn formula keeps its picture (the crop) and its number as LaTeX.
    const fe: FigureElem =
      it.kind === 'art'
        ? {
            ...base,
            bbox: it.art.bbox,
            kind: 'equation',
            text: it.art.tag ? `\\tag{${it.art.tag}}` : '',
            images: it.art.images,
          }
        : { ...base, kind: 'figure', text: '', images: it.fig.images };
    p.figures.push({ elem: fe });
    return fe;
  });
};

/** Empty text elements dropped (a figure's or drawn formula's are kept: they carry images). */
const kept = (e: Elem) =>
  (e.kind !== 'text' && e.kind !== 'code' && e.kind !== 'equation') || e.text.trim() || 'images' in e;

export const mergeElems: PageStep = (p) => {
  p.elems = attachTags(mergeCode(mergeParagraphs(p.elems.filter(kept))));
};

export const markPageCaptions: PageStep = (p) => markCaptions(p.elems);

export const markRunningHead: PageStep = (p) => markHeadRule(p.elems, p.raw.vectors, p.raw.width, p.raw.height);

export const toPageRotation: PageStep = (p) => {
  const raw = p.raw;
  if (raw.rotation) for (const e of p.elems) e.bbox = toPageFrame(e.bbox, raw.rotation, raw.pageWidth, raw.pageHeight);
};
