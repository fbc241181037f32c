// A page's text elements: a segment's element (text, code or display formula, with its list, note and
// contents flags), paragraphs that mupdf split put back together, captions beside a figure or table, and a
// running head set over a rule (fancyhdr's head rule, a Word header's bottom border) marked for the assembly.
import type { RawVector, Rect } from '../raw.ts';
import { rectUnion } from '../raw.ts';
import type { Elem } from '../model.ts';
import type { Segment } from '../analysis/segment.ts';
import {
  BULLET_START,
  CAPTION_START,
  cleanLine,
  dropLeaders,
  END_OF_SENTENCE,
  hasTocLeader,
  joinLines,
} from '../analysis/text.ts';
import { codeText } from './code.ts';
import { PAGE_BANDS } from '../analysis/bands.ts';
import { CAPTION, HEAD_RULE, PARAGRAPH, SEGMENT_ELEM } from './thresholds.ts';
import { markNotes } from './notes.ts';
import { inlineMath, isDisplayFormula, latexOf } from './formulas/formulas.ts';

function segText(s: Segment): string {
  let t = '';
  for (const l of s.lines) t = joinLines(t, cleanLine(dropLeaders(inlineMath(markNotes(l).text))));
  return t;
}

export function segElem(s: Segment, H: number, codePage: boolean): Elem {
  const first = s.lines[0],
    last = s.lines[s.lines.length - 1];
  const zone =
    s.bbox[3] <= PAGE_BANDS.margin * H ? 'top' : s.bbox[1] >= (1 - PAGE_BANDS.margin) * H ? 'bottom' : 'body';
  const code = codePage && s.mono >= SEGMENT_ELEM.codeMono && !s.rotated;
  const formula = !code && isDisplayFormula(s);
  const text = code ? codeText(s.lines) : formula ? s.lines.map(latexOf).join(' ') : segText(s);
  return {
    kind: code ? 'code' : formula ? 'equation' : 'text',
    bbox: s.bbox,
    text,
    nLines: s.lines.length,
    size: s.size,
    bold: s.bold,
    italic: s.italic,
    mono: s.mono,
    font: s.font,
    indent: first.bbox[0] > s.bbox[0] + SEGMENT_ELEM.indent * s.size,
    toc: (!code && (hasTocLeader(last.text) || last.toc)) || undefined,
    shortLast:
      hasTocLeader(last.text) ||
      !!last.toc ||
      (s.lines.length > 1 ? last.bbox[2] < s.bbox[2] - SEGMENT_ELEM.shortLast * s.size : END_OF_SENTENCE.test(text)),
    zone,
    rotated: s.rotated || undefined,
    list: BULLET_START.test(first.text) || undefined,
    note: (!code && first.sup?.[0] === 0) || undefined,
  };
}

/** Merges consecutive text elements that are one paragraph split by mupdf (flush left or centred lines). */
export function mergeParagraphs(elems: Elem[]): Elem[] {
  const out: Elem[] = [];
  for (const e of elems) {
    const p = out[out.length - 1];
    // A change of face (an italic phrase) does not end a paragraph that stops mid-sentence and goes on lower-case.
    const midSentence = p && !END_OF_SENTENCE.test(p.text) && /^[a-z]/.test(e.text);
    if (
      p &&
      p.kind === 'text' &&
      e.kind === 'text' &&
      !e.list &&
      !e.note &&
      !e.indent &&
      !p.shortLast &&
      !e.rotated &&
      !p.rotated &&
      Math.abs(p.size - e.size) < PARAGRAPH.size * p.size &&
      (midSentence ||
        ((p.font === e.font || Math.abs(p.size - e.size) < PARAGRAPH.sameFontSize) &&
          Math.abs(p.bold - e.bold) < PARAGRAPH.face &&
          Math.abs(p.italic - e.italic) < PARAGRAPH.face)) &&
      Math.abs(p.mono - e.mono) < PARAGRAPH.face
    ) {
      const gap = e.bbox[1] - p.bbox[3];
      const ov = Math.min(p.bbox[2], e.bbox[2]) - Math.max(p.bbox[0], e.bbox[0]);
      if (
        gap > PARAGRAPH.gapMin * e.size &&
        gap < PARAGRAPH.gapMax * e.size &&
        ov > PARAGRAPH.overlap * Math.min(p.bbox[2] - p.bbox[0], e.bbox[2] - e.bbox[0]) &&
        (Math.abs(p.bbox[0] - e.bbox[0]) < PARAGRAPH.align * e.size ||
          Math.abs(p.bbox[0] + p.bbox[2] - e.bbox[0] - e.bbox[2]) < PARAGRAPH.align * e.size) &&
        !CAPTION_START.test(e.text)
      ) {
        out[out.length - 1] = {
          ...p,
          bbox: rectUnion(p.bbox, e.bbox),
          text: joinLines(p.text, e.text),
          nLines: p.nLines + e.nLines,
          shortLast: e.shortLast,
          bold: (p.bold * p.nLines + e.bold * e.nLines) / (p.nLines + e.nLines),
          italic: (p.italic * p.nLines + e.italic * e.nLines) / (p.nLines + e.nLines),
        };
        continue;
      }
    }
    out.push(e);
  }
  return out;
}

/** Marks caption text next to a figure or table. */
export function markCaptions(elems: Elem[]): void {
  for (let i = 0; i < elems.length; i++) {
    const e = elems[i];
    if (e.kind !== 'text' || !CAPTION_START.test(e.text)) continue;
    const target = elems.find(
      (f) =>
        (f.kind === 'figure' || f.kind === 'table') &&
        Math.min(Math.abs(e.bbox[1] - f.bbox[3]), Math.abs(f.bbox[1] - e.bbox[3])) <
          CAPTION.gap * e.size + CAPTION.gapPoints &&
        Math.min(e.bbox[2], f.bbox[2]) - Math.max(e.bbox[0], f.bbox[0]) > 0,
    );
    if (target) e.kind = 'caption';
  }
}

/** Marks the page's topmost text when it is one line near the top with a thin rule right under it, as wide
 * as the line or wider, and nothing between: a running head over its rule (one pass over the rules). */
export function markHeadRule(elems: Elem[], vectors: RawVector[], W: number, H: number): void {
  let top: Elem | undefined;
  for (const e of elems) if (!top || e.bbox[1] < top.bbox[1]) top = e;
  if (top?.kind !== 'text' || top.nLines !== 1 || top.bbox[3] > HEAD_RULE.top * H) return;
  const t = top,
    b: Rect = t.bbox;
  const rule = vectors.find(
    (v) =>
      v.bbox[3] - v.bbox[1] <= HEAD_RULE.thickness &&
      v.bbox[2] - v.bbox[0] >= HEAD_RULE.width * W &&
      v.bbox[0] <= b[0] + HEAD_RULE.reach &&
      v.bbox[2] >= b[2] - HEAD_RULE.reach &&
      v.bbox[1] >= b[3] - HEAD_RULE.reach &&
      v.bbox[1] - b[3] <= t.size,
  );
  if (rule && !elems.some((o) => o !== t && o.bbox[1] < rule.bbox[1] && o.bbox[3] > b[3])) t.headRule = true;
}
