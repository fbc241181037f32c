// PowerPoint decks from their own XML, as the engine's elements: each slide's title placeholder as a title
// (level 1), then its shapes in reading order — a shape's paragraphs one text element (bulleted or numbered as
// the slide says, an item a line), tables (a merged cell's value in each of its cells, as the references write
// them).
import { openPackage } from './xml.ts';
import { allText, find, kid, kids, parseXml, type XNode } from './tree.ts';
import { cellsToHtml } from '../../../shared/markdown/table-html.ts';
import type { SourceElem } from './elements.ts';

export interface SlideContent {
  title: string | null;
  elements: SourceElem[];
}

const paraText = (p: XNode): string =>
  kids(p)
    .map((r) =>
      r.name === 'a:r' || r.name === 'a:fld' ? kids(r, 'a:t').map(allText).join('') : r.name === 'a:br' ? ' ' : '',
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

function paragraphs(txBody: XNode, bodyPlaceholder: boolean): string[] {
  const out: string[] = [];
  let n = 0;
  for (const p of kids(txBody, 'a:p')) {
    const text = paraText(p);
    if (!text) continue;
    const pPr = kid(p, 'a:pPr');
    const indent = '  '.repeat(Math.min(4, Number(pPr?.attrs.lvl ?? 0)));
    if (kid(pPr, 'a:buAutoNum')) out.push(`${indent}${++n}. ${text}`);
    else if (kid(pPr, 'a:buChar') || (bodyPlaceholder && !kid(pPr, 'a:buNone'))) {
      n = 0;
      out.push(`${indent}- ${text}`);
    } else {
      n = 0;
      out.push(text);
    }
  }
  return out;
}

function table(tbl: XNode): string {
  const rows: string[][] = [];
  for (const tr of kids(tbl, 'a:tr')) {
    const row: string[] = [];
    for (const tc of kids(tr, 'a:tc')) {
      const text = kid(tc, 'a:txBody') ? kids(kid(tc, 'a:txBody')!, 'a:p').map(paraText).filter(Boolean).join(' ') : '';
      // hMerge/vMerge continuation cells repeat the merged value (as the references write them).
      if (tc.attrs.hMerge === '1') row.push(row[row.length - 1] ?? '');
      else if (tc.attrs.vMerge === '1') row.push(rows[rows.length - 1]?.[row.length] ?? '');
      else row.push(text);
    }
    rows.push(row);
  }
  return rows.length ? cellsToHtml(rows.flatMap((row, r) => row.map((text, c) => ({ r, c, rs: 1, cs: 1, text })))) : '';
}

function slide(xml: string): SlideContent {
  const tree = find(parseXml(xml), 'p:spTree');
  let title: string | null = null;
  const placed: { y: number; x: number; elem: SourceElem }[] = [];
  let at = { y: 0, x: 0 };
  const push = (elem: SourceElem) => void (elem.content && placed.push({ ...at, elem }));
  /** Where a shape sits (reading order: top to bottom, then left to right). */
  const position = (c: XNode) => {
    const off = find(c, 'a:off');
    return off ? { y: Number(off.attrs.y ?? 0), x: Number(off.attrs.x ?? 0) } : at;
  };
  const walk = (n: XNode): void => {
    for (const c of kids(n)) {
      if (c.name !== 'p:grpSp') at = position(c);
      if (c.name === 'p:sp') {
        const ph = find(kid(c, 'p:nvSpPr') ?? c, 'p:ph');
        const tx = kid(c, 'p:txBody');
        if (!tx) continue;
        if (ph && (ph.attrs.type === 'title' || ph.attrs.type === 'ctrTitle')) {
          const t = kids(tx, 'a:p').map(paraText).filter(Boolean).join(' ');
          if (t) {
            title ??= t;
            push({ type: 'title', content: t, level: 1 });
          }
          continue;
        }
        const body = !!ph && (ph.attrs.type === undefined || ph.attrs.type === 'body' || ph.attrs.type === 'obj');
        const paras = paragraphs(tx, body);
        if (paras.length) push({ type: 'text', content: paras.join('\n') });
      } else if (c.name === 'p:graphicFrame') {
        const tbl = find(c, 'a:tbl');
        if (tbl) push({ type: 'table', content: table(tbl) });
      } else if (c.name === 'p:grpSp') walk(c);
    }
  };
  if (tree) walk(tree);
  // The title first, then the shapes in reading order (rows of about the same top).
  const first = (p: (typeof placed)[number]) => Number(p.elem.type === 'title');
  const ordered = placed.sort((a, b) => first(b) - first(a) || a.y - b.y || a.x - b.x);
  return { title, elements: ordered.map((p) => p.elem) };
}

export function readPptx(data: Uint8Array): SlideContent[] {
  const pkg = openPackage(data);
  const rels = new Map(
    kids(
      find(parseXml(pkg.part('ppt/_rels/presentation.xml.rels') ?? ''), 'Relationships') ?? {
        name: '',
        attrs: {},
        children: [],
      },
      'Relationship',
    ).map((r) => [r.attrs.Id, r.attrs.Target ?? '']),
  );
  const ids = find(parseXml(pkg.part('ppt/presentation.xml') ?? ''), 'p:sldIdLst');
  const out: SlideContent[] = [];
  for (const s of ids ? kids(ids, 'p:sldId') : []) {
    const target = rels.get(s.attrs['r:id'] ?? '') ?? '';
    const xml = pkg.part(target.startsWith('/') ? target.slice(1) : `ppt/${target}`);
    if (xml) out.push(slide(xml));
  }
  return out;
}
