// An Office file's result from what its own XML states, on the pages of its converted PDF. The readers emit the
// engine's own elements — Word (docx.ts): titles with the heading styles' levels, paragraphs, numbered lists,
// tables with spans, equations as LaTeX, footnotes, pictures; Excel (xlsx.ts): each sheet's name as a title
// and its tables; PowerPoint (pptx.ts): each slide's title, its shapes' text and tables. place.ts gives them
// the pages and boxes of the converted PDF, and the one writer (shared/markdown/writer.ts) makes the Markdown
// and the catalog of those blocks, as for a PDF: Markdown and JSON say the same. Never fails the parse: a
// source that cannot be read, or states nothing, leaves the converted PDF's result as it is.
import { readFile } from 'node:fs/promises';
import type { ParsedDocument, ParseOptions } from '../../types.ts';
import { buildCatalog, toMarkdown } from '../../../shared/markdown/writer.ts';
import type { Page } from '../../../shared/somark.ts';
import { sheetElems } from './xlsx.ts';
import { readPptx } from './pptx.ts';
import { readDocx } from './docx.ts';
import type { SourceElem } from './elements.ts';
import { placeElements } from './place.ts';

/** What the outputs need of the request: headers and footers kept or not, image links or none. */
export type WriteOptions = Pick<ParseOptions, 'featureConfig' | 'elementFormats'>;

/** The elements the file's own XML states (none for a type without a reader). */
function elementsOf(ext: string, data: Uint8Array): SourceElem[] {
  if (ext === '.xlsx' || ext === '.xlsm') return sheetElems(data);
  if (ext === '.pptx') return readPptx(data).flatMap((s) => s.elements);
  if (ext === '.docx') return readDocx(data).elements;
  return [];
}

/** The Markdown and catalog the one writer makes of pages: what an Office result carries with them. */
function written(
  doc: ParsedDocument,
  pages: Page[],
  opts: WriteOptions,
): Pick<ParsedDocument, 'json' | 'markdown' | 'catalog' | 'images'> {
  const urls = new Set(pages.flatMap((p) => p.blocks.map((b) => b.img_url)));
  return {
    json: { ...doc.json, pages },
    markdown: toMarkdown(pages, opts.featureConfig, opts.elementFormats.image),
    catalog: buildCatalog(pages),
    // Crops of the converted pages no block shows any more (a formula the source states as LaTeX) are left out.
    images: doc.images.filter((i) => urls.has(i.url) || opts.elementFormats.image === 'base64'),
  };
}

/** Markdown of elements alone (no converted pages: all of them on one blank page). */
export const elementsMarkdown = (elems: SourceElem[], opts: WriteOptions): string =>
  toMarkdown(placeElements([], elems), opts.featureConfig, opts.elementFormats.image);

export async function fromSource(
  filePath: string,
  ext: string,
  doc: ParsedDocument,
  opts: WriteOptions,
): Promise<ParsedDocument> {
  try {
    const elems = elementsOf(ext, new Uint8Array(await readFile(filePath)));
    if (!elems.some((e) => e.type !== 'figure' && e.content.trim())) return doc;
    return { ...doc, ...written(doc, placeElements(doc.json.pages, elems), opts) };
  } catch {
    // Damaged or unusual XML: the converted PDF's result stands.
  }
  return doc;
}
