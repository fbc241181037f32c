// Word documents from their own XML: paragraphs in body order with heading levels from the paragraph
// styles (Title → level 1 / '#', Heading n → level n / '#'×(n+1), as the references write them), list
// items numbered as numbering.xml says, tables on their grid (spans kept), footnote references `[^n]` with
// the notes' definitions at the end, and OMML equations as LaTeX ($…$ inline, $$…$$ on their own line).
import { openPackage } from './xml.ts';
import { allText, kid, kids, parseXml, type XNode } from './tree.ts';
import { ommlToLatex } from './omml.ts';
import { Numbering, type ListRef } from './numbering.ts';
import { tableMarkdown, wordTable, type WordTable } from './docx-table.ts';
import { definitionsMarkdown, Notes, type NoteDef } from './docx-notes.ts';
import { escapeText } from '../../../shared/markdown/escape.ts';

/** Where a picture sits in the Markdown; structure.ts puts the converted PDF's crop links there, in order. */
export const IMAGE_SLOT = '\u0000image\u0000';

export interface DocxHeading {
  text: string;
  /** title_level: 1 for Title and Heading 1, n for Heading n. */
  level: number;
}

export interface DocxContent {
  markdown: string;
  headings: DocxHeading[];
  /** The body's tables in order, on their grids (spans kept). */
  tables: WordTable[];
  /** The footnotes and endnotes referenced in the body, with their labels. */
  notes: NoteDef[];
}

interface StyleInfo {
  heading?: { hashes: number; level: number };
  list?: ListRef;
}

/** Style id → heading depth in Markdown ('#' count) and title level, and the list a style numbers, from
 * word/styles.xml. */
function paragraphStyles(stylesXml: string | null): Map<string, StyleInfo> {
  const out = new Map<string, StyleInfo>();
  if (!stylesXml) return out;
  for (const s of kids(kid(parseXml(stylesXml), 'w:styles') ?? { name: '', attrs: {}, children: [] }, 'w:style')) {
    const id = s.attrs['w:styleId'];
    const name = (kid(s, 'w:name')?.attrs['w:val'] ?? '').toLowerCase();
    if (!id) continue;
    const info: StyleInfo = {};
    const h = /^heading\s*(\d)$/.exec(name);
    if (name === 'title') info.heading = { hashes: 1, level: 1 };
    else if (h) info.heading = { hashes: Number(h[1]) + 1, level: Number(h[1]) };
    const list = Numbering.refOf(kid(s, 'w:pPr'));
    if (list) info.list = list;
    if (info.heading || info.list) out.set(id, info);
  }
  return out;
}

/** A run of text as the two outputs take it: Markdown (document text escaped, engine markup live) and the
 * plain text the JSON's blocks carry (the same with nothing escaped). */
export interface Inline {
  md: string;
  text: string;
}

/** An equation in running text as ` $…$ `; nothing for an empty one (a bare "$$" would open math that runs on
 * to the next one). */
const inlineMath = (m: XNode): string => {
  const tex = ommlToLatex(m);
  return tex ? ` $${tex}$ ` : ' ';
};

/** Reads one document: the note references met in paragraphs are numbered in body order. */
class Reader {
  private notes: Notes;
  constructor(notes: Notes) {
    this.notes = notes;
  }

  /** A paragraph's text with inline equations as $…$ and note references as [^n]. */
  inline(p: XNode): Inline {
    let md = '',
      text = '';
    const mark = (s: string) => {
      md += s;
      text += s;
    }; // markup the engine writes
    let customRef: XNode | null = null; // a reference whose mark is the next run's text
    const walk = (n: XNode): void => {
      for (const c of n.children) {
        if (typeof c === 'string') continue;
        if (c.name === 'w:t') {
          if (customRef) {
            mark(this.notes.reference(customRef, allText(c).trim()));
            customRef = null;
          } else {
            const t = allText(c);
            md += escapeText(t);
            text += t.replace(/\0/g, '');
          }
        } else if (c.name === 'w:tab') mark(' ');
        else if (c.name === 'w:br' || c.name === 'w:cr') mark(' ');
        else if (c.name === 'w:footnoteReference' || c.name === 'w:endnoteReference') {
          if (c.attrs['w:customMarkFollows'] === '1' || c.attrs['w:customMarkFollows'] === 'true') customRef = c;
          else mark(this.notes.reference(c));
        } else if (c.name === 'm:oMath') mark(inlineMath(c));
        else if (c.name === 'm:oMathPara') mark(kids(c, 'm:oMath').map(inlineMath).join(''));
        else if (c.name === 'w:drawing' || c.name === 'w:pict') mark(` ${IMAGE_SLOT} `);
        else if (c.name === 'w:pPr' || c.name === 'w:rPr' || c.name === 'w:del' || c.name === 'mc:Fallback') continue;
        else walk(c);
      }
    };
    walk(p);
    if (customRef) mark(this.notes.reference(customRef));
    // A reference hangs on the word before it, as the PDF path writes it.
    const tidy = (s: string) =>
      s
        .replace(/[ \t]+/g, ' ')
        .replace(/ (\[\^[^\]]+\])/g, '$1')
        .trim();
    return { md: tidy(md), text: tidy(text) };
  }

  /** A table cell: its paragraphs (and nested tables' text) on one line. */
  cell = (tc: XNode): Inline => {
    const parts = kids(tc)
      .flatMap((n) =>
        n.name === 'w:p'
          ? [this.inline(n)]
          : n.name === 'w:tbl'
            ? kids(n, 'w:tr').flatMap((tr) => kids(tr, 'w:tc').map(this.cell))
            : [],
      )
      .filter((x) => x.md);
    return { md: parts.map((x) => x.md).join(' '), text: parts.map((x) => x.text).join(' ') };
  };
}

export function readDocx(data: Uint8Array): DocxContent {
  const pkg = openPackage(data);
  const styles = paragraphStyles(pkg.part('word/styles.xml'));
  const numbering = new Numbering(pkg.part('word/numbering.xml'));
  const notes = new Notes(pkg.part('word/footnotes.xml'), pkg.part('word/endnotes.xml'));
  const reader = new Reader(notes);
  const doc = parseXml(pkg.part('word/document.xml') ?? '');
  const body = kid(kid(doc, 'w:document'), 'w:body');
  const parts: string[] = [];
  const headings: DocxHeading[] = [];
  const tables: WordTable[] = [];
  let inList = false; // the last part is a list item: the next one joins it in a tight list
  const push = (md: string, item = false) => {
    if (item && inList) parts[parts.length - 1] += `\n${md}`;
    else parts.push(md);
    inList = item;
    if (!item) numbering.endRun();
  };
  for (const n of body ? kids(body) : []) {
    if (n.name === 'w:tbl') {
      const t = wordTable(n, reader.cell);
      tables.push(t);
      const md = tableMarkdown(t);
      if (md) push(md);
      continue;
    }
    if (n.name !== 'w:p') continue;
    const pPr = kid(n, 'w:pPr');
    const style = styles.get(kid(pPr, 'w:pStyle')?.attrs['w:val'] ?? '');
    // A paragraph that is only a display equation.
    const mathPara = kid(n, 'm:oMathPara');
    const plain = kids(n, 'w:r')
      .map((r) => kids(r, 'w:t').map(allText).join(''))
      .join('')
      .trim();
    if (mathPara && !plain) {
      for (const m of kids(mathPara, 'm:oMath')) {
        const tex = ommlToLatex(m);
        if (tex) push(`$$${tex}$$`);
      }
      continue;
    }
    const { md, text } = reader.inline(n);
    if (!md) continue;
    const list = style?.heading ? null : Numbering.refOf(pPr, style?.list);
    const marker = list ? numbering.marker(list) : null;
    if (style?.heading) {
      push(`${'#'.repeat(Math.min(style.heading.hashes, 6))} ${md}`);
      headings.push({ text, level: style.heading.level });
    } else if (marker) push(`${marker} ${md}`, true);
    else push(md);
  }
  const defs = notes.definitions((p) => reader.inline(p));
  if (defs.length) parts.push(definitionsMarkdown(defs).join('\n\n'));
  return { markdown: `${parts.join('\n\n')}\n`, headings, tables, notes: defs };
}
