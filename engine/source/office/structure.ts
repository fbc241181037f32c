// Structure an Office file's own XML states exactly, laid over what was parsed from its converted PDF.
// Excel: the Markdown is the sheets' tables (each sheet's name as the title of its tables), since a printed
// sheet cuts and reflows cells. The JSON keeps the converted pages' blocks (the review's boxes), with no
// page continuing another and chart titles as text (xlsx-blocks.ts).
// Word: the Markdown comes from document.xml (heading styles, numbered lists, tables with spans, footnotes,
// equations as LaTeX); the blocks take their title levels, table spans and footnotes from it too. PowerPoint: each slide's title placeholder and shapes. Never fails the parse: a source that cannot be read leaves the PDF result as it is.
import { readFile } from 'node:fs/promises';
import type { ParsedDocument } from '../../types.ts';
import { readChartTitles, readXlsx, sheetsMarkdown } from './xlsx.ts';
import { withSheetPages } from './xlsx-blocks.ts';
import { readPptx } from './pptx.ts';
import { IMAGE_SLOT, readDocx, type DocxHeading } from './docx.ts';
import { withWordBlocks } from './docx-blocks.ts';

const norm = (s: string): string =>
  s
    .replace(/^#+\s*/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The converted pages' blocks take their title levels from the Word heading styles (matched by text). */
function withHeadings(doc: ParsedDocument, headings: DocxHeading[]): ParsedDocument {
  const levels = new Map(headings.map((h) => [norm(h.text), h.level]));
  const pages = doc.json.pages.map((p) => ({
    ...p,
    blocks: p.blocks.map((b) => {
      const level = levels.get(norm(b.content));
      if (level !== undefined && (b.type === 'title' || b.type === 'text'))
        return { ...b, type: 'title', title_level: level };
      if (b.type === 'title') {
        const { title_level: _drop, ...rest } = b;
        return { ...rest, type: 'text' };
      }
      return b;
    }),
  }));
  return { ...doc, json: { ...doc.json, pages } };
}

export async function fromSource(filePath: string, ext: string, doc: ParsedDocument): Promise<ParsedDocument> {
  try {
    if (ext === '.xlsx' || ext === '.xlsm') {
      const data = new Uint8Array(await readFile(filePath));
      const sheets = readXlsx(data);
      const paged = withSheetPages(doc, readChartTitles(data));
      return sheets.some((s) => s.tables.length) ? { ...paged, markdown: sheetsMarkdown(sheets) } : paged;
    }
    if (ext === '.pptx') {
      const slides = readPptx(new Uint8Array(await readFile(filePath)));
      const markdown = slides
        .map((sl) => sl.markdown)
        .filter(Boolean)
        .join('\n\n');
      if (!markdown.trim()) return doc;
      const titles = slides.flatMap((sl) => (sl.title ? [{ text: sl.title, level: 1 }] : []));
      return withHeadings({ ...doc, markdown: `${markdown}\n` }, titles);
    }
    if (ext === '.docx') {
      const word = readDocx(new Uint8Array(await readFile(filePath)));
      if (!word.markdown.trim()) return doc;
      // The figures cropped from the converted pages go where the pictures sit in the source, in order: the
      // engine's own image links (to its crops), not text of the document that reads like one.
      const crops = new Set(doc.json.pages.flatMap((p) => p.blocks.map((b) => b.img_url)).filter(Boolean));
      const links = [...doc.markdown.matchAll(/!\[[^\]]*\]\(([^)\s]*)\)/g)]
        .filter((m) => crops.has(m[1]!))
        .map((m) => m[0]);
      let k = 0;
      const markdown = word.markdown
        .split(IMAGE_SLOT)
        .reduce((acc, part) => acc + (k < links.length ? `\n\n${links[k++]}\n\n` : '') + part)
        .replace(/\n{3,}/g, '\n\n');
      const next = { ...doc, markdown: k < links.length ? `${markdown}\n${links.slice(k).join('\n\n')}\n` : markdown };
      return withWordBlocks(word.headings.length ? withHeadings(next, word.headings) : next, word.tables, word.notes);
    }
  } catch {
    // Damaged or unusual XML: the converted PDF's result stands.
  }
  return doc;
}
