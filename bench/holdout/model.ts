// The held-out-like documents as data, and their exact truth: the Markdown a perfect parse would give,
// the titles (text, level: document title 1, sections below) and the tables as HTML.

/** A run of a paragraph: text, or a footnote whose mark follows the previous run. */
export type Run = string | { note: string };
export interface Cell {
  text: string;
  colspan?: number;
  rowspan?: number;
}
export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'para'; runs: Run[]; style?: 'abstract' | 'meta' | 'caption' }
  | { kind: 'table'; rows: Cell[][]; ruled: boolean; head?: number; widths?: number[] }
  | { kind: 'toc'; entries: { text: string; level: number; page: number }[] }
  | { kind: 'list'; items: string[] }
  | { kind: 'columns'; count: number; blocks: Block[] };

export interface HoldoutDoc {
  name: string;
  lang: 'en' | 'zh';
  /** Headings in one style (bold body size): their levels show only in their numbering. */
  flatHeadings?: boolean;
  /** Running header and footer; `#` is the page number. Never part of the truth. */
  header?: string;
  footer?: string;
  blocks: Block[];
}

export interface Truth {
  markdown: string;
  titles: { text: string; level: number }[];
  tables: string[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A table as HTML (the form the engine's table blocks take). */
function tableHtml(rows: Cell[][]): string {
  const span = (c: Cell) =>
    (c.rowspan && c.rowspan > 1 ? ` rowspan="${c.rowspan}"` : '') +
    (c.colspan && c.colspan > 1 ? ` colspan="${c.colspan}"` : '');
  return `<table>${rows.map((r) => `<tr>${r.map((c) => `<td${span(c)}>${esc(c.text)}</td>`).join('')}</tr>`).join('')}</table>`;
}

/** Truth of a document: blocks in reading order (columns read one after another), footnote definitions at
 * the end, numbered in order of their marks. */
export function truthOf(doc: HoldoutDoc): Truth {
  const parts: string[] = [],
    notes: string[] = [],
    titles: Truth['titles'] = [],
    tables: string[] = [];
  const walk = (blocks: Block[]) => {
    for (const b of blocks) {
      if (b.kind === 'title') {
        parts.push(`# ${b.text}`);
        titles.push({ text: b.text, level: 1 });
      } else if (b.kind === 'heading') {
        parts.push(`${'#'.repeat(b.level)} ${b.text}`);
        titles.push({ text: b.text, level: b.level });
      } else if (b.kind === 'para') {
        parts.push(
          b.runs
            .map((r) => {
              if (typeof r === 'string') return r;
              notes.push(r.note);
              return `[^${notes.length}]`;
            })
            .join(''),
        );
      } else if (b.kind === 'table') {
        const h = tableHtml(b.rows);
        tables.push(h);
        parts.push(h);
      } else if (b.kind === 'toc') parts.push(...b.entries.map((e) => `${e.text} ${e.page}`));
      else if (b.kind === 'list') parts.push(b.items.map((i) => `- ${i}`).join('\n'));
      else walk(b.blocks);
    }
  };
  walk(doc.blocks);
  for (const [i, n] of notes.entries()) parts.push(`[^${i + 1}]: ${n}`);
  return { markdown: `${parts.join('\n\n')}\n`, titles, tables };
}

/** Rows of a simple table from strings; `|` separates cells. */
export const rowsOf = (...lines: string[]): Cell[][] =>
  lines.map((l) => l.split('|').map((text) => ({ text: text.trim() })));
