// The document stage: the page stage's analyses become one SoMark document. Its steps run in the order of
// DOCUMENT_STEPS below (read it first), each leaving its decision on the shared DocumentWork for the next;
// then the one Markdown writer (shared/markdown/writer.ts) writes the Markdown and the catalog.
import type { Block, BlockType, Page } from '../../shared/somark.ts';
import { buildCatalog, toMarkdown } from '../../shared/markdown/writer.ts';
import type { ParsedDocument, ParseOptions } from '../types.ts';
import type { Elem, PageAnalysis } from '../model.ts';
import { reducedWarning } from '../input/caps.ts';
import { BODY, type BodyStyle, bodyStyle, pageBody } from './body.ts';
import { classifyMargins, type MarginRole } from './headers.ts';
import { assignTitles } from './titles.ts';
import { endnotes, noteRefs } from './notes.ts';
import { hyphenPairs } from './hyphens.ts';
import { captionFigures, pageBlocks, typeOf } from './blocks.ts';
import { byRole } from '../reading-order/page.ts';
import { joinFlow } from './joins.ts';
import { finishImages } from './images.ts';

export interface DocumentMeta {
  fileType: string;
  pageCount: number;
}

/** What the steps decide, per page (`[pi]`) and per element of the page (`[pi][ei]`) or block (`[pi][bi]`). */
interface DocumentWork {
  opts: ParseOptions;
  /** The page analyses in page order. */
  analyses: PageAnalysis[];
  style: BodyStyle;
  roles: MarginRole[][];
  /** Title level per element, 0 for none. */
  levels: number[][];
  /** Elements of a notes list closing the document (footnotes wherever typeOf would put them). */
  endnotes: Set<Elem>[];
  types: BlockType[][];
  pages: Page[];
  /** The element of each block, and the temporary crop of each block with a picture. */
  elems: Elem[][];
  crops: (string | undefined)[][];
  /** Blocks that go on with the flow block before them (the Markdown joins them). */
  joins: Set<Block>;
  images: ParsedDocument['images'];
}

export interface DocumentStep {
  name: string;
  run: (d: DocumentWork) => void | Promise<void>;
}

/** The document steps in order (as docling's reading order and heading hierarchy follow its page pipeline). */
export const DOCUMENT_STEPS: readonly DocumentStep[] = [
  // The body text's size, face and whether it is monospaced, which every later step judges against (body.ts).
  {
    name: 'body style',
    run: (d) => {
      d.style = bodyStyle(d.analyses);
    },
  },
  // Running heads, page numbers and side notes repeated in the page's margins (headers.ts).
  {
    name: 'headers and footers',
    run: (d) => {
      d.roles = classifyMargins(d.analyses, d.style.size);
    },
  },
  // Which lines are titles and their levels (titles.ts, title-context.ts, title-levels.ts).
  {
    name: 'titles and levels',
    run: (d) => {
      d.levels = assignTitles(d.analyses, d.roles, d.style);
    },
  },
  // A notes list closing the document whose numbers the body refers to (notes.ts).
  { name: 'endnotes', run: findEndnotes },
  // Each element's block type, footnotes among them (blocks.ts, notes.ts).
  { name: 'block types', run: findTypes },
  // Blocks in page order: headers, body, footnotes, footers; words hyphenated across lines mended (blocks.ts).
  { name: 'blocks', run: makeBlocks },
  // Paragraphs and tables going on in the next column or on the next page (joins.ts).
  {
    name: 'joins',
    run: (d) => {
      d.joins = joinFlow(d.pages, d.analyses, d.elems, d.opts);
    },
  },
  // A figure's content is the caption beside it (blocks.ts).
  { name: 'figure captions', run: (d) => d.pages.forEach(captionFigures) },
  // The crops become the document's image files (images.ts).
  {
    name: 'image files',
    run: async (d) => {
      d.images = await finishImages(d.pages, d.crops, d.opts);
    },
  },
];

function findEndnotes(d: DocumentWork): void {
  const refs = noteRefs(d.analyses);
  d.endnotes = d.analyses.map((p, pi) => endnotes(p, d.roles[pi], d.levels[pi], d.style.size, refs));
}

function findTypes(d: DocumentWork): void {
  d.types = d.analyses.map((p, pi) => {
    const own = pageBody(p, d.style.size);
    return p.elems.map((e, ei) => typeOf(e, d.roles[pi][ei], d.levels[pi][ei], p, own, d.endnotes[pi].has(e)));
  });
}

function makeBlocks(d: DocumentWork): void {
  const pairs = hyphenPairs(d.analyses.flatMap((p) => p.elems.map((e) => e.text)));
  for (const [pi, p] of d.analyses.entries()) {
    const { page, elems, crops } = pageBlocks(p, byRole(d.types[pi]), d.types[pi], d.levels[pi], pairs);
    d.pages.push(page);
    d.elems.push(elems);
    d.crops.push(crops);
  }
}

/** The document's warnings from its pages' analyses (pages read at a lower resolution). */
function warningsOf(analyses: PageAnalysis[]): { warnings?: string[] } {
  const w = reducedWarning(
    analyses.flatMap((a) => (a.reducedDpi ? [[a.pageNum, a.reducedDpi] as [number, number]] : [])),
  );
  return w ? { warnings: [w] } : {};
}

/** The document from its pages' analyses (in any order): the steps, then the Markdown and the catalog. */
export async function assembleDocument(
  analyses: PageAnalysis[],
  meta: DocumentMeta,
  opts: ParseOptions,
): Promise<ParsedDocument> {
  const d: DocumentWork = {
    opts,
    analyses: [...analyses].sort((a, b) => a.pageNum - b.pageNum),
    style: { size: BODY.defaultSize, mono: false, font: '' },
    roles: [],
    levels: [],
    endnotes: [],
    types: [],
    pages: [],
    elems: [],
    crops: [],
    joins: new Set(),
    images: [],
  };
  for (const step of DOCUMENT_STEPS) await step.run(d);
  return {
    fileType: meta.fileType,
    pageCount: meta.pageCount,
    json: { pages: d.pages },
    markdown: toMarkdown(d.pages, opts.featureConfig, opts.elementFormats.image, d.joins),
    catalog: buildCatalog(d.pages),
    images: d.images,
    ...warningsOf(analyses),
  };
}
