// Word documents from their own XML: paragraphs in body order with heading levels from the paragraph
// styles (Title → level 1 / '#', Heading n → level n / '#'×(n+1), as the references write them), list
// items, tables as pipe tables, and OMML equations as LaTeX ($…$ inline, $$…$$ on their own line).
import { openPackage } from './xml.ts';
import { allText, kid, kids, parseXml, type XNode } from './tree.ts';
import { ommlToLatex } from './omml.ts';

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
}

/** Style id → heading depth in Markdown ('#' count) and title level, from word/styles.xml. */
function headingStyles(stylesXml: string | null): Map<string, { hashes: number; level: number }> {
  const out = new Map<string, { hashes: number; level: number }>();
  if (!stylesXml) return out;
  for (const s of kids(kid(parseXml(stylesXml), 'w:styles') ?? { name: '', attrs: {}, children: [] }, 'w:style')) {
    const id = s.attrs['w:styleId'];
    const name = (kid(s, 'w:name')?.attrs['w:val'] ?? '').toLowerCase();
    if (!id) continue;
    const h = /^heading\s*(\d)$/.exec(name);
    if (name === 'title') out.set(id, { hashes: 1, level: 1 });
    else if (h) out.set(id, { hashes: Number(h[1]) + 1, level: Number(h[1]) });
  }
  return out;
}

/** A paragraph's Markdown: its runs' text with inline equations as $…$. */
function inline(p: XNode): string {
  let out = '';
  const walk = (n: XNode): void => {
    for (const c of n.children) {
      if (typeof c === 'string') continue;
      if (c.name === 'w:t') out += allText(c);
      else if (c.name === 'w:tab') out += ' ';
      else if (c.name === 'w:br' || c.name === 'w:cr') out += ' ';
      else if (c.name === 'm:oMath') out += ` $${ommlToLatex(c)}$ `;
      else if (c.name === 'm:oMathPara') out += kids(c, 'm:oMath').map((m) => ` $${ommlToLatex(m)}$ `).join('');
      else if (c.name === 'w:drawing' || c.name === 'w:pict') out += ` ${IMAGE_SLOT} `;
      else if (c.name === 'w:pPr' || c.name === 'w:rPr' || c.name === 'w:del' || c.name === 'mc:Fallback') continue;
      else walk(c);
    }
  };
  walk(p);
  return out.replace(/[ \t]+/g, ' ').trim();
}

function table(tbl: XNode): string {
  const rows = kids(tbl, 'w:tr').map((tr) => kids(tr, 'w:tc').map((tc) => kids(tc, 'w:p').map(inline).join(' ').replace(/\|/g, '\\|')));
  if (!rows.length) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const pad = (r: string[]) => [...r, ...Array(width - r.length).fill('')];
  const [head, ...body] = rows.map(pad);
  return [`| ${head!.join(' | ')} |`, `| ${head!.map(() => '-').join(' | ')} |`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function readDocx(data: Uint8Array): DocxContent {
  const pkg = openPackage(data);
  const styles = headingStyles(pkg.part('word/styles.xml'));
  const doc = parseXml(pkg.part('word/document.xml') ?? '');
  const body = kid(kid(doc, 'w:document'), 'w:body');
  const parts: string[] = [];
  const headings: DocxHeading[] = [];
  for (const n of body ? kids(body) : []) {
    if (n.name === 'w:tbl') {
      const t = table(n);
      if (t) parts.push(t);
      continue;
    }
    if (n.name !== 'w:p') continue;
    const pPr = kid(n, 'w:pPr');
    const style = styles.get(kid(pPr, 'w:pStyle')?.attrs['w:val'] ?? '');
    // A paragraph that is only a display equation.
    const mathPara = kid(n, 'm:oMathPara');
    const plain = kids(n, 'w:r').map((r) => kids(r, 'w:t').map(allText).join('')).join('').trim();
    if (mathPara && !plain) {
      for (const m of kids(mathPara, 'm:oMath')) parts.push(`$$${ommlToLatex(m)}$$`);
      continue;
    }
    const text = inline(n);
    if (!text) continue;
    if (style) {
      parts.push(`${'#'.repeat(Math.min(style.hashes, 6))} ${text}`);
      headings.push({ text, level: style.level });
    } else if (kid(pPr, 'w:numPr')) parts.push(`- ${text}`);
    else parts.push(text);
  }
  return { markdown: `${parts.join('\n\n')}\n`, headings };
}
