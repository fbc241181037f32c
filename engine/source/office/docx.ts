// Word documents from their own XML, as the engine's elements: paragraphs in body order, titles from the
// paragraph styles (Title and Heading 1 → level 1, Heading n → level n), captions (the Caption style), list
// items numbered as numbering.xml says (a run of items one list), tables on their grid (spans kept), footnote
// references `[^n]` with the notes as footnote elements, OMML equations as LaTeX ($…$ inline, equation
// elements on their own line), pictures, and the text of the page headers and footers.
import { openPackage } from './xml.ts';
import { allText, kid, kids, parseXml, type XNode } from './tree.ts';
import { ommlToLatex } from './omml.ts';
import { Numbering, type ListRef } from './numbering.ts';
import { wordTable, type WordTable } from './docx-table.ts';
import { Notes, type NoteDef } from './docx-notes.ts';
import { cellsToHtml } from '../../../shared/markdown/table-html.ts';
import { IMAGE_SLOT, type SourceElem, textElems } from './elements.ts';

export interface DocxContent {
  elements: SourceElem[];
  /** The body's tables in order, on their grids (spans kept). */
  tables: WordTable[];
  /** The footnotes and endnotes referenced in the body, with their labels. */
  notes: NoteDef[];
}

interface StyleInfo {
  heading?: number;
  caption?: boolean;
  list?: ListRef;
}

/** Style id → title level, caption or not, and the list a style numbers, from word/styles.xml. */
function paragraphStyles(stylesXml: string | null): Map<string, StyleInfo> {
  const out = new Map<string, StyleInfo>();
  if (!stylesXml) return out;
  for (const s of kids(kid(parseXml(stylesXml), 'w:styles') ?? { name: '', attrs: {}, children: [] }, 'w:style')) {
    const id = s.attrs['w:styleId'];
    const name = (kid(s, 'w:name')?.attrs['w:val'] ?? '').toLowerCase();
    if (!id) continue;
    const info: StyleInfo = {};
    const h = /^heading\s*(\d)$/.exec(name);
    if (name === 'caption') info.caption = true;
    else if (name === 'title') info.heading = 1;
    else if (h) info.heading = Math.min(6, Math.max(1, Number(h[1])));
    const list = Numbering.refOf(kid(s, 'w:pPr'));
    if (list) info.list = list;
    if (info.heading || info.list || info.caption) out.set(id, info);
  }
  return out;
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

  /** A paragraph's text with inline equations as $…$, note references as [^n] and pictures as IMAGE_SLOT. */
  inline(p: XNode): string {
    let text = '';
    const mark = (s: string) => void (text += s); // markup the engine writes
    let customRef: XNode | null = null; // a reference whose mark is the next run's text
    const walk = (n: XNode): void => {
      for (const c of n.children) {
        if (typeof c === 'string') continue;
        if (c.name === 'w:t') {
          if (customRef) {
            mark(this.notes.reference(customRef, allText(c).trim()));
            customRef = null;
          } else {
            text += allText(c).replace(/\0/g, '');
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
    return text
      .replace(/[ \t]+/g, ' ')
      .replace(/ (\[\^[^\]]+\])/g, '$1')
      .trim();
  }

  /** A table cell: its paragraphs (and nested tables' text) on one line. */
  cell = (tc: XNode): string =>
    kids(tc)
      .flatMap((n) =>
        n.name === 'w:p'
          ? [this.inline(n).split(IMAGE_SLOT).join(' ').trim()]
          : n.name === 'w:tbl'
            ? kids(n, 'w:tr').flatMap((tr) => kids(tr, 'w:tc').map(this.cell))
            : [],
      )
      .filter(Boolean)
      .join(' ');
}

/** The text of the page headers and footers document.xml names (word/header*.xml, word/footer*.xml). */
function furniture(pkg: ReturnType<typeof openPackage>): SourceElem[] {
  const rels = parseXml(pkg.part('word/_rels/document.xml.rels') ?? '');
  return kids(kid(rels, 'Relationships') ?? rels, 'Relationship').flatMap((r): SourceElem[] => {
    const type = /\/(header|footer)$/.exec(r.attrs.Type ?? '')?.[1] as 'header' | 'footer' | undefined;
    const xml = type ? pkg.part(`word/${(r.attrs.Target ?? '').replace(/^\/?word\//, '')}`) : null;
    const text = xml
      ? allText(parseXml(xml.replace(/<\/w:p>/g, ' </w:p>')))
          .replace(/\s+/g, ' ')
          .trim()
      : '';
    return type && text ? [{ type, content: text }] : [];
  });
}

export function readDocx(data: Uint8Array): DocxContent {
  const pkg = openPackage(data);
  const styles = paragraphStyles(pkg.part('word/styles.xml'));
  const numbering = new Numbering(pkg.part('word/numbering.xml'));
  const notes = new Notes(pkg.part('word/footnotes.xml'), pkg.part('word/endnotes.xml'));
  const reader = new Reader(notes);
  const doc = parseXml(pkg.part('word/document.xml') ?? '');
  const body = kid(kid(doc, 'w:document'), 'w:body');
  const out: SourceElem[] = [];
  const tables: WordTable[] = [];
  let list: SourceElem | null = null; // the list the next item joins
  const push = (elems: SourceElem[], item = false) => {
    const [first, ...rest] = elems;
    if (item && list && first?.type === 'text') list.content += `\n${first.content}`;
    else if (first) out.push(first);
    out.push(...rest);
    list = item && first?.type === 'text' && !rest.length ? out[out.length - 1]! : null;
    if (!item) numbering.endRun();
  };
  for (const n of body ? kids(body) : []) {
    if (n.name === 'w:tbl') {
      const t = wordTable(n, reader.cell);
      tables.push(t);
      if (t.rows && t.cols) push([{ type: 'table', content: cellsToHtml(t.cells) }]);
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
      const tex = kids(mathPara, 'm:oMath').map(ommlToLatex).filter(Boolean);
      push(tex.map((content): SourceElem => ({ type: 'equation', content })));
      continue;
    }
    const text = reader.inline(n);
    if (!text) continue;
    const ref = style?.heading ? null : Numbering.refOf(pPr, style?.list);
    const marker = ref ? numbering.marker(ref) : null;
    if (style?.heading) push(textElems('title', text, style.heading));
    else if (style?.caption)
      push(textElems(/^\s*(table|tab\.)\s*\d|^\s*表/i.test(text) ? 'table_caption' : 'figure_caption', text));
    else if (marker) {
      const item = textElems('text', text);
      if (item[0]?.type === 'text') item[0].content = `${marker} ${item[0].content}`;
      push(item, true);
    } else push(textElems('text', text));
  }
  const defs = notes.definitions((p) => reader.inline(p).split(IMAGE_SLOT).join(' '));
  for (const d of defs) out.push({ type: 'footnote', content: `${d.label} ${d.text}` });
  out.push(...furniture(pkg));
  return { elements: out, tables, notes: defs };
}
