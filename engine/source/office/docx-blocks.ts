// Word structure laid onto the converted pages' blocks (the JSON the review draws): each table block found
// in the PDF takes the HTML of the source table it shows (spans as Word has them), and the blocks that hold
// the notes printed at a page's foot become one `footnote` block per note ("label text", as the PDF path
// writes them). Blocks are matched by their text; a block that matches nothing stays as parsed.
import type { Block, Page } from '../../../shared/somark.ts';
import { buildCatalog } from '../../../shared/markdown/writer.ts';
import type { ParsedDocument } from '../../types.ts';
import { tableHtml, type WordTable } from './docx-table.ts';
import type { NoteDef } from './docx-notes.ts';

const norm = (s: string): string =>
  s
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
const words = (s: string): string[] => norm(s).split(' ').filter(Boolean);

/** Dice overlap of two word bags. */
function overlap(a: string[], b: string[]): number {
  if (!a.length || !b.length) return 0;
  const bag = new Map<string, number>();
  for (const w of a) bag.set(w, (bag.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of b) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      common++;
      bag.set(w, n - 1);
    }
  }
  return (2 * common) / (a.length + b.length);
}

/** Table blocks in reading order take the source table they show (the best match from there on). */
function withTables(pages: Page[], tables: WordTable[]): Page[] {
  const sources = tables.map((t) => ({ t, words: t.cells.flatMap((c) => words(c.text)) }));
  let from = 0;
  return pages.map((p) => ({
    ...p,
    blocks: p.blocks.map((b) => {
      if (b.type !== 'table' || from >= sources.length) return b;
      const w = words(b.content);
      let best = -1,
        score = 0.8;
      for (let i = from; i < sources.length; i++) {
        const s = overlap(w, sources[i]!.words);
        if (s >= score) {
          best = i;
          score = s;
        }
      }
      if (best < 0) return b;
      from = best + 1;
      return { ...b, content: tableHtml(sources[best]!.t), format: 'html' };
    }),
  }));
}

/** A block made only of notes (each optionally opened by its printed mark) → one footnote block per note. */
function splitNotes(b: Block, notes: { def: NoteDef; text: string }[]): Block[] | null {
  if (b.type !== 'text' && b.type !== 'footnote') return null;
  const content = norm(b.content);
  const found: { def: NoteDef; at: number; end: number }[] = [];
  for (const n of notes) {
    const at = n.text ? content.indexOf(n.text) : -1;
    if (at >= 0) found.push({ def: n.def, at, end: at + n.text.length });
  }
  if (!found.length) return null;
  found.sort((x, y) => x.at - y.at);
  // What is left besides the notes may only be their marks.
  let rest = content,
    cut = 0;
  for (const f of found) {
    rest = `${rest.slice(0, f.at - cut)} ${rest.slice(f.end - cut)}`;
    cut += f.end - f.at - 1;
  }
  if (!/^[\s\d*∗†‡§¶ivxlc.)]*$/.test(rest)) return null;
  const [x1, y1, x2, y2] = b.bbox;
  const h = y2 - y1,
    len = Math.max(1, content.length);
  return found.map((f, i) => {
    const top = i === 0 ? y1 : Math.round(y1 + (h * f.at) / len);
    const bottom = i === found.length - 1 ? y2 : Math.round(y1 + (h * found[i + 1]!.at) / len);
    return {
      ...b,
      type: 'footnote',
      content: `${f.def.label} ${f.def.text}`,
      bbox: [x1, top, x2, Math.max(top + 1, bottom)],
    };
  });
}

function withNotes(pages: Page[], defs: NoteDef[]): Page[] {
  const notes = defs
    .filter((d) => d.kind === 'footnote' || d.kind === 'endnote')
    .map((def) => ({ def, text: norm(def.text) }))
    .filter((n) => n.text.length >= 3);
  if (!notes.length) return pages;
  return pages.map((p) => {
    const blocks = p.blocks.flatMap((b) => splitNotes(b, notes) ?? [b]);
    return blocks.length === p.blocks.length && blocks.every((b, i) => b === p.blocks[i])
      ? p
      : { ...p, blocks: blocks.map((b, i) => ({ ...b, idx: i })) };
  });
}

/** The converted document with the Word tables' spans and the footnotes on its blocks, and the catalog
 * rebuilt from its blocks (their title levels came from the heading styles). */
export function withWordBlocks(doc: ParsedDocument, tables: WordTable[], notes: NoteDef[]): ParsedDocument {
  const pages = withNotes(withTables(doc.json.pages, tables), notes);
  return { ...doc, json: { ...doc.json, pages }, catalog: buildCatalog(pages) };
}
