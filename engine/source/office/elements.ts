// The elements an Office reader states (titles with levels, paragraphs, lists, tables, equations, notes,
// pictures), as the engine's own blocks before they have a page and a box, and the words that find them on the
// converted PDF's pages (place.ts). Text carries only the engine's markup: inline formulas as `$…$` and note
// references as `[^n]`; the one Markdown writer escapes the rest (shared/markdown/writer.ts, escape.ts).
import type { Block } from '../../../shared/somark.ts';

export interface SourceElem {
  type: Prose | 'table' | 'equation' | 'footnote' | 'figure' | 'header' | 'footer';
  /** title/text: plain text (a list: its items one a line, each opening with its marker); table: HTML of its
   * cells (shared/markdown/table-html.ts); equation: LaTeX through safeTex; footnote: "label text"; figure: '';
   * header/footer: all the text of a page header or footer (it marks the converted pages' blocks that show it). */
  content: string;
  /** title_level (1–6). */
  level?: number;
}

/** Elements of running text. */
type Prose = 'title' | 'text' | 'figure_caption' | 'table_caption';

/** A picture's place in a reader's running text: it splits the text there (textElems). */
export const IMAGE_SLOT = '\u0000image\u0000';

/** Title, paragraph or list item text with pictures in it: the text around each picture, and the picture. */
export function textElems(type: Prose, text: string, level?: number): SourceElem[] {
  const out: SourceElem[] = [];
  text.split(IMAGE_SLOT).forEach((part, i) => {
    if (i > 0) out.push({ type: 'figure', content: '' });
    const content = part.replace(/[ \t]+/g, ' ').trim();
    if (content) out.push(type === 'title' ? { type, content, level } : { type, content });
  });
  return out;
}

/** The block an element becomes on a page at `bbox`. */
export function toBlock(e: SourceElem, idx: number, bbox: Block['bbox']): Block {
  return {
    idx,
    type: e.type,
    bbox,
    content: e.content,
    format: e.type === 'table' ? 'html' : 'text',
    captions: [],
    img_url: '',
    ...(e.type === 'title' ? { title_level: Math.min(6, Math.max(1, e.level ?? 1)) } : {}),
  };
}

const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|\p{L}+|\p{N}+/gu;
const ENTITY: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** The words of a block's or element's content (a table's: its cells' text, not its HTML), lower case: runs of
 * letters, runs of digits (a PDF may set "item4" as "item 4"), each CJK character. */
export function wordsOf(x: { type: string; content: string }): string[] {
  const text =
    x.type === 'table'
      ? x.content.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot);/g, (m) => ENTITY[m] ?? m)
      : x.content;
  return text.toLowerCase().match(TOKEN) ?? [];
}

/** How many words two bags share. */
export function common(a: readonly string[], b: readonly string[]): number {
  const bag = new Map<string, number>();
  for (const w of a) bag.set(w, (bag.get(w) ?? 0) + 1);
  let n = 0;
  for (const w of b) {
    const k = bag.get(w) ?? 0;
    if (k > 0) {
      n++;
      bag.set(w, k - 1);
    }
  }
  return n;
}
