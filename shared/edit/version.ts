// An edited version of a result, as main saves it and the review previews it: the block list is checked
// against the result it comes from (same pages, boxes as numbers, only that result's image links), and its
// JSON, Markdown (the one writer) and catalog are made from the blocks alone. Pure.
import type { Block, CatalogNode, FeatureConfig, JsonOutput, Page } from '../somark.ts';
import { DEFAULT_FEATURE_CONFIG } from '../somark.ts';
import { buildCatalog, toMarkdown } from '../markdown/writer.ts';

/** How many blocks one page of an edited version may hold, and the longest content of one block. */
const MAX_EDIT_BLOCKS = 20_000;
const MAX_BLOCK_CHARS = 1_000_000;

export class EditCheckError extends Error {}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const str = (v: unknown, what: string): string => {
  if (typeof v !== 'string' || v.length > MAX_BLOCK_CHARS) throw new EditCheckError(`${what} must be a string`);
  return v;
};

/** Tags a corrected table may hold (the services' table markup), and the only attributes: spans. */
const TABLE_TAGS = new Set([
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'sub',
  'sup',
]);
const SPAN_ATTRS = /^(\s+(rowspan|colspan)\s*=\s*("\d{1,4}"|'\d{1,4}'|\d{1,4}))*\s*\/?$/i;

/** A table's HTML goes into the Markdown as it is (the writer does not escape it): a corrected one may hold
 *  only table markup, so no picture, link, script or style can come in through an edit. */
function checkTableHtml(html: string): void {
  for (const m of html.matchAll(/<\/?([A-Za-z][\w-]*)([^>]*)>?/g)) {
    const closing = m[0][1] === '/';
    if (
      !TABLE_TAGS.has(m[1]!.toLowerCase()) ||
      !m[0].endsWith('>') ||
      (closing ? m[2]!.trim() !== '' : !SPAN_ATTRS.test(m[2]!))
    ) {
      throw new EditCheckError(`a table may hold only table markup, not ${JSON.stringify(m[0].slice(0, 40))}`);
    }
  }
  if (/<!|<\?/.test(html)) throw new EditCheckError('a table may hold only table markup');
}

/** One block as the service shapes it (only its own fields, in the service's order), or a thrown reason. */
function checkBlock(raw: unknown, images: ReadonlySet<string>): Block {
  if (!raw || typeof raw !== 'object') throw new EditCheckError('a block must be an object');
  const b = raw as Record<string, unknown>;
  if (!Number.isInteger(b.idx)) throw new EditCheckError('a block needs an integer idx');
  if (!Array.isArray(b.bbox) || b.bbox.length !== 4 || !b.bbox.every(isNum))
    throw new EditCheckError('a block needs a box of four numbers');
  const img = str(b.img_url ?? '', 'img_url');
  // A link the result did not have could make the review or an export fetch from anywhere.
  if (img && !images.has(img)) throw new EditCheckError("img_url must be one of the result's own images");
  // The block's own fields in its order (a service's extra fields kept), the known ones checked.
  const out = {
    ...b,
    idx: b.idx as number,
    type: str(b.type, 'type'),
    bbox: [...b.bbox] as Block['bbox'],
    content: str(b.content, 'content'),
    format: str(b.format ?? 'text', 'format'),
    captions: Array.isArray(b.captions) ? b.captions : [],
    img_url: img,
  } as Block;
  if (out.type === 'table') checkTableHtml(out.content);
  if (out.type === 'title')
    out.title_level = Math.min(6, Math.max(1, Number.isInteger(b.title_level) ? (b.title_level as number) : 1));
  else delete out.title_level;
  if (b.code_language !== undefined) out.code_language = str(b.code_language, 'code_language');
  return out;
}

/** Image links a result's blocks hold. */
export const imageLinks = (json: JsonOutput): Set<string> =>
  new Set(
    json.pages
      .flatMap((p) => p.blocks.map((b) => b.img_url))
      .filter((u): u is string => typeof u === 'string' && u !== ''),
  );

/** One page's new block list in an edited version (pages not named keep theirs). */
export interface PageEdit {
  /** Position of the page in the result's pages. */
  page: number;
  blocks: Block[];
}

/** The changed pages of `pages` against `source` (by identity: the edit model keeps untouched pages). */
export const changedPages = (source: readonly Page[], pages: readonly Page[]): PageEdit[] =>
  pages.flatMap((p, page) => (p === source[page] ? [] : [{ page, blocks: p.blocks }]));

/**
 * The edited pages: the source's, with the named pages' blocks checked and put in; each page keeps the
 * source page's number, size and merge flag. A block equal (as JSON) to a source block of its page is that
 * source block, so untouched blocks stay byte-identical. `alsoImages`: links a block may hold besides the
 * source's own (the cached pictures of the other result of a merge). Throws EditCheckError.
 */
export function checkEditedPages(
  source: JsonOutput,
  edits: unknown,
  alsoImages: ReadonlySet<string> = new Set(),
): Page[] {
  if (!Array.isArray(edits) || edits.length > source.pages.length)
    throw new EditCheckError('the edits must name pages of the result');
  const images = new Set([...imageLinks(source), ...alsoImages]);
  const pages = source.pages.slice();
  const seen = new Set<number>();
  for (const e of edits as unknown[]) {
    const { page, blocks: raw } = (e ?? {}) as { page?: unknown; blocks?: unknown };
    if (
      !Number.isInteger(page) ||
      (page as number) < 0 ||
      (page as number) >= pages.length ||
      seen.has(page as number)
    ) {
      throw new EditCheckError('each edit must name a page of the result once');
    }
    const i = page as number;
    seen.add(i);
    if (!Array.isArray(raw) || raw.length > MAX_EDIT_BLOCKS)
      throw new EditCheckError(`page ${i + 1} needs a list of blocks`);
    const src = source.pages[i]!;
    const known = new Map(src.blocks.map((b) => [JSON.stringify(b), b] as const));
    pages[i] = { ...src, blocks: raw.map((b) => known.get(JSON.stringify(b)) ?? checkBlock(b, images)) };
  }
  return pages;
}

export interface EditedOutputs {
  json: JsonOutput;
  /** Markdown with the blocks' own image links (the cache rewrites them to its files). */
  markdown: string;
  catalog: CatalogNode[];
}

/** The feature switches a task was parsed with (what it sent, over the service's defaults). */
export const taskFeatures = (fc: Partial<FeatureConfig> | undefined): FeatureConfig => ({
  ...DEFAULT_FEATURE_CONFIG,
  ...fc,
});

/** JSON, Markdown and catalog of the edited pages (the source's other top-level fields kept). */
export function editedOutputs(source: JsonOutput, pages: Page[], fc: FeatureConfig): EditedOutputs {
  return { json: { ...source, pages }, markdown: toMarkdown(pages, fc, 'url'), catalog: buildCatalog(pages) };
}
