// One PDF page → elements in reading order (serialisable PageAnalysis): figures, text segments merged
// into paragraphs, captions; margin lines kept out of the column analysis.
import type { RawLine, RawPage, Rect } from '../raw.ts';
import { pointIn, rectCenter, rectInter, rectArea, rectUnion } from '../raw.ts';
import type { Elem, PageAnalysis } from '../model.ts';
import { segmentBlocks, type Segment } from '../analysis/segment.ts';
import { detectFigures, isTextBackground, type Figure } from '../analysis/figures.ts';
import { isScanned, textCharCount } from '../source/ocr-pages.ts';
import { readingOrder } from '../analysis/xycut.ts';
import { CJK_CHAR } from '../analysis/text.ts';
import { detectTables, type TableFound } from './tables/ruled.ts';
import { detectBorderless } from './tables/borderless.ts';
import { mendLines } from '../analysis/mend-lines.ts';
import { detectVectorFigures } from '../analysis/vector-figures.ts';
import { codeOnPage, joinCodeColumns, mergeCode } from './code.ts';
import { toPageFrame } from '../pdf/frame.ts';
import { attachTags } from './formulas/formulas.ts';
import { MARGIN, markCaptions, markHeadRule, mergeParagraphs, segElem } from './page-elems.ts';
import { buildFractions } from './formulas/fractions.ts';
import { detectFormulaArt, type FormulaArt } from './formulas/formula-art.ts';

/** What the page analysis keeps of a figure for the crop writer. */
export interface FigureElem extends Elem {
  images: number[];
}

type Item =
  | { kind: 'seg'; bbox: Rect; seg: Segment }
  | { kind: 'fig'; bbox: Rect; fig: Figure }
  | { kind: 'table'; bbox: Rect; table: TableFound }
  | { kind: 'art'; bbox: Rect; art: FormulaArt };

const NUMBER_TOKEN = /^(\d{1,2}(\.\d{1,2}){0,4}\.?|[IVXivx]{1,5}\.?|[A-Z]\.|§\s*\d+)$/;

const MARKER = /^([•●▪◦■□◆◇‣∙➢➤►▶✓✔❖○◼*–-]|\(?\d{1,2}[.)]|\(?[a-z][.)]|\([ivx]{1,4}\))$/;

/** A column of marks (hanging note or list numbers, stacked or one per segment) beside their text: one segment
 * per mark, and the text beside them split at each mark's row, for joinMarkers to pair row by row. */
function splitMarkColumns(segs: Segment[]): Segment[] {
  const mark = (l: RawLine) => NUMBER_TOKEN.test(l.text.trim()) || MARKER.test(l.text.trim());
  const marks = segs.filter((s) => s.lines.every(mark));
  const lines = marks.flatMap((m) => m.lines);
  if (lines.length < 2) return segs;
  const part = (s: Segment, ls: RawLine[]): Segment => ({
    ...s,
    lines: ls,
    bbox: ls.slice(1).reduce((b, l) => rectUnion(b, l.bbox), [...ls[0].bbox] as Rect),
  });
  const beside = (l: RawLine) =>
    lines.some(
      (a) =>
        Math.abs(a.bbox[1] + a.bbox[3] - l.bbox[1] - l.bbox[3]) < l.size &&
        l.bbox[0] - a.bbox[2] > -0.5 &&
        l.bbox[0] - a.bbox[2] < 6 * l.size,
    );
  return segs.flatMap((s) => {
    if (marks.includes(s)) return s.lines.map((l) => part(s, [l]));
    const cuts = [0, ...s.lines.flatMap((l, k) => (k > 0 && beside(l) ? [k] : [])), s.lines.length];
    return cuts.length > 2 ? cuts.slice(1).map((end, i) => part(s, s.lines.slice(cuts[i], end))) : [s];
  });
}

/** Joins a lone section number or list marker to the text on its right ("5.1   Results", "•  item"). */
function joinMarkers(segs: Segment[]): Segment[] {
  // Per segment (segments are distinct objects): gone into a marker's neighbour, and its first line's
  // vertical centre, left edge and size, kept up to date as markers join first lines (table pages have
  // hundreds of number cells, each compared with every segment).
  const n = segs.length,
    gone = new Uint8Array(n);
  const cy = new Float64Array(n),
    x0 = new Float64Array(n),
    sz = new Float64Array(n);
  const put = (j: number) => {
    const b = segs[j].lines[0];
    cy[j] = (b.bbox[1] + b.bbox[3]) / 2;
    x0[j] = b.bbox[0];
    sz[j] = b.size;
  };
  for (let j = 0; j < n; j++) put(j);
  for (let i = 0; i < n; i++) {
    const m = segs[i];
    if (m.lines.length !== 1) continue;
    const a = m.lines[0],
      tok = a.text.trim();
    const heading = NUMBER_TOKEN.test(tok);
    if (!heading && !MARKER.test(tok)) continue;
    const ay = (a.bbox[1] + a.bbox[3]) / 2;
    let best = -1,
      bestGap = Infinity;
    for (let j = 0; j < n; j++) {
      if (j === i || gone[j]) continue;
      const size = Math.max(a.size, sz[j]);
      const sameRow = Math.abs(ay - cy[j]) < 0.5 * size;
      const gap = x0[j] - a.bbox[2];
      if (sameRow && gap > -0.5 && gap < 6 * size && gap < bestGap) {
        best = j;
        bestGap = gap;
      }
    }
    if (best < 0 || (heading && Math.abs(a.size - segs[best].size) > 0.15 * a.size)) continue;
    const into = segs[best],
      b = into.lines[0];
    const shift = (ix?: number[]) => ix?.map((k) => k + tok.length + 1);
    const line: RawLine = {
      ...b,
      sup: shift(b.sup),
      sub: shift(b.sub),
      text: `${tok} ${b.text}`,
      cx0: [...a.cx0.slice(0, tok.length), a.bbox[2], ...b.cx0],
      cx1: [...a.cx1.slice(0, tok.length), b.bbox[0], ...b.cx1],
      bbox: rectUnion(a.bbox, b.bbox),
    };
    into.lines[0] = line;
    into.bbox = rectUnion(into.bbox, a.bbox);
    gone[i] = 1;
    put(best);
  }
  return segs.filter((_, j) => !gone[j]);
}

export function analyseRawPage(
  rawIn: RawPage,
  pageNum: number,
): { page: PageAnalysis; figures: { elem: FigureElem }[] } {
  const raw = { ...rawIn, blocks: mendLines(rawIn.blocks, rawIn.vectors) },
    W = raw.width,
    H = raw.height;
  const chars = textCharCount(raw),
    scanned = isScanned(raw, chars);
  const tables = scanned ? [] : detectTables(raw);
  let figs: Figure[] = scanned
    ? [{ bbox: [0, 0, W, H], images: raw.images.map((i) => i.id) }]
    : detectFigures(raw, chars).filter((f) => !isTextBackground(f, raw));
  if (!scanned) {
    for (const v of detectVectorFigures(
      raw,
      tables.map((t) => t.bbox),
    )) {
      const hit = figs.find((f) => rectInter(f.bbox, v) > 0);
      if (hit) hit.bbox = rectUnion(hit.bbox, v);
      else figs.push({ bbox: v, images: [] });
    }
  }
  // Display formulas drawn without text (outlines, pictures) are equations, not figures.
  let arts: FormulaArt[] = [];
  if (!scanned)
    ({ formulas: arts, figures: figs } = detectFormulaArt(
      raw,
      figs,
      tables.map((t) => t.bbox),
    ));
  // Lines inside a figure (mostly) or a table (centre) belong to it, not to the running text.
  const mostly = (b: Rect, r: Rect) => rectInter(b, r) > 0.7 * Math.max(rectArea(b), 1e-3);
  const taken = (b: Rect) =>
    figs.some((f) => mostly(b, f.bbox)) ||
    arts.some((a) => mostly(b, a.region)) ||
    tables.some((t) => mostly(b, t.bbox) || pointIn(rectCenter(b), t.bbox, -1));
  if (!scanned) {
    const free = raw.blocks
      .flatMap((b) => b.lines)
      .filter((l) => l.bbox[1] > MARGIN * H && l.bbox[3] < (1 - MARGIN) * H && !taken(l.bbox));
    tables.push(...detectBorderless(free));
  }
  const blocks = raw.blocks.map((b) => ({
    ...b,
    lines: figs.length || tables.length || arts.length ? b.lines.filter((l) => !taken(l.bbox)) : [...b.lines],
  }));
  if (!scanned)
    buildFractions(
      blocks,
      raw.vectors,
      W,
      tables.map((t) => t.bbox),
    );
  const segs = joinCodeColumns(joinMarkers(splitMarkColumns(segmentBlocks(blocks))));
  const items: Item[] = [
    ...segs.map((seg) => ({ kind: 'seg' as const, bbox: seg.bbox, seg })),
    ...figs.map((fig) => ({ kind: 'fig' as const, bbox: fig.bbox, fig })),
    ...tables.map((table) => ({ kind: 'table' as const, bbox: table.bbox, table })),
    ...arts.map((art) => ({ kind: 'art' as const, bbox: art.region, art })),
  ];
  const inMargin = (it: Item) =>
    it.kind === 'seg' && it.seg.lines.length <= 3 && (it.bbox[3] <= MARGIN * H || it.bbox[1] >= (1 - MARGIN) * H);
  const aside = (it: Item) => it.kind === 'seg' && it.seg.rotated;
  // A column's head in the margin band level with a paragraph of the column beside it (narrow margins) is body.
  const paras = items.filter((o) => o.kind === 'seg' && o.seg.lines.length >= 3 && !inMargin(o) && !aside(o));
  const isMargin = (it: Item) =>
    inMargin(it) &&
    !paras.some(
      (o) =>
        (o.bbox[0] >= it.bbox[2] || o.bbox[2] <= it.bbox[0]) &&
        Math.min(it.bbox[3], o.bbox[3]) - Math.max(it.bbox[1], o.bbox[1]) > 0.5 * (it.bbox[3] - it.bbox[1]),
    );
  const top = items.filter((it) => isMargin(it) && it.bbox[3] <= MARGIN * H);
  const bottom = items.filter((it) => isMargin(it) && it.bbox[1] >= (1 - MARGIN) * H);
  const rotated = items.filter((it) => aside(it) && !isMargin(it));
  const body = items.filter((it) => !isMargin(it) && !aside(it));
  const codePage = codeOnPage(segs.flatMap((sg) => sg.lines));
  let rtlChars = 0,
    allChars = 0;
  for (const sg of segs)
    for (const l of sg.lines) {
      allChars += l.text.length;
      if (l.rtl) rtlChars += l.text.length;
    }
  const rtl = rtlChars > allChars / 2;
  // Vertical CJK columns read right to left, like RTL lines.
  const verticalCjk =
    rotated.filter((it) => it.kind === 'seg' && CJK_CHAR.test(it.seg.lines[0].text)).length > rotated.length / 2;
  const ordered = [
    ...readingOrder(top, rtl),
    ...readingOrder(body, rtl),
    ...readingOrder(rotated, rtl || verticalCjk),
    ...readingOrder(bottom, rtl),
  ];
  const figures: { elem: FigureElem }[] = [];
  let elems: Elem[] = ordered.map((it) => {
    if (it.kind === 'seg') return segElem(it.seg, H, codePage);
    const base = {
      bbox: it.bbox,
      nLines: 0,
      size: 0,
      bold: 0,
      italic: 0,
      mono: 0,
      indent: false,
      shortLast: true,
      zone: 'body' as const,
    };
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
    figures.push({ elem: fe });
    return fe;
  });
  elems = attachTags(
    mergeCode(
      mergeParagraphs(
        elems.filter(
          (e) => (e.kind !== 'text' && e.kind !== 'code' && e.kind !== 'equation') || e.text.trim() || 'images' in e,
        ),
      ),
    ),
  );
  markCaptions(elems);
  markHeadRule(elems, raw.vectors, W, H);
  if (raw.rotation) for (const e of elems) e.bbox = toPageFrame(e.bbox, raw.rotation, raw.pageWidth, raw.pageHeight);
  return { page: { pageNum, width: raw.pageWidth, height: raw.pageHeight, scale: 2, scanned, elems }, figures };
}
