// Text helpers shared by the page analysis and the document assembly: line joining (hyphenation, CJK),
// and the patterns that recognise bullets, captions, numbering and page numbers. What the Markdown writer
// needs too (CJK chars, bullet glyphs, joinText) lives in shared/markdown/join.ts.
import { CJK_CHAR, joinText } from '../../shared/markdown/join.ts';

export { CJK_CHAR, joinText } from '../../shared/markdown/join.ts';

/** Bullet glyphs and list markers at the start of a line. */
export const BULLET_START =
  /^\s*([•●▪◦■□◆◇‣∙➢➤►▶✓✔❖○◼]|[-–—*](?=\s)|\(?\d{1,2}[.)](?=\s)|\(?[a-z][.)](?=\s)|\([ivx]{1,4}\)(?=\s))/;

/** "Figure 3:", "Fig. 2.", "Table 1", "图 1" … at the start of a text. */
export const CAPTION_START =
  /^\s*((figure|fig\.?|table|tab\.?|chart|exhibit|plate|listing|scheme)\s*[\dIVXivx]+([.-]\d+)*[a-z]?\s*([.:：|—–-]|$)|[图表]\s*[\d一二三四五六七八九十]+([.-]\d+)?)/i;
export const TABLE_CAPTION = /^\s*(table|tab\.?|表)/i;

/** Section numbering: "1", "2.3", "4.1.2", "IV.", "A.1", "Chapter 3", "第三章", "(2)". */
export const NUMBERED_HEADING =
  /^(\d{1,2}(\.\d{1,2}){0,4}\.?|[IVX]{1,5}\.|[A-Z]\.(\d{1,2}\.?)*|chapter\s+\w+|part\s+\w+|section\s+\d+|appendix\s+\w+|第[一二三四五六七八九十百\d]+[章节部分篇]|[一二三四五六七八九十]+[、.．])(\s+|$|(?=[^\d.]))/i;

/** Depth of a leading decimal numbering ("2.3.1 Foo" → 3); 0 when there is none. */
export function numberingDepth(text: string): number {
  const m = /^(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+\S/.exec(text);
  if (m) return m[1].split('.').length;
  if (/^(chapter|part)\s+\w+/i.test(text) || /^第[一二三四五六七八九十百\d]+[章篇部]/.test(text)) return 1;
  return 0;
}

/** A running page number: "12", "- 3 -", "Page 4 of 9", "iv", "第 3 页". */
export const PAGE_NUMBER =
  /^\s*(((page|p\.|seite|página)\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(\s*(of|\/|de|von)\s*\d{1,4})?|[ivxlc]{1,6}|第\s*\d+\s*页(\s*[,，]?\s*共\s*\d+\s*页)?)\s*$/i;

/** A table-of-contents entry's end: a dot (or dash, ellipsis) leader, then a page number. */
const TOC_LEADER = /\s*(?:[.·…_]\s?){4,}\s*(?=[\dIVXLCivxlc]{1,6}\s*$)/;
/** Two leader chars in a row, which any leader has: most lines have none, and TOC_LEADER, tried at every
 * position of the line, is not run on them. */
const LEADER_PAIR = /[.·…_]\s?[.·…_]/;

/** Does the line end with a dot leader and a page number? */
export const hasTocLeader = (t: string): boolean => LEADER_PAIR.test(t) && TOC_LEADER.test(t);

/** The text with its dot leaders replaced by one space ("Preface . . . . xi" → "Preface xi"). */
export const dropLeaders = (t: string): string => (LEADER_PAIR.test(t) ? t.replace(TOC_LEADER, ' ') : t);

export const END_OF_SENTENCE = /[.!?。！？:：;；…"”’」』)\]]\s*$/;

/** Joins the lines of a paragraph as joinText does, but a word hyphenated at the line end ("dual-" +
 * "encoder", or a soft hyphen a PDF set there) keeps a soft hyphen in its place: the assembly decides
 * whether the document writes it as a compound (hyphens.ts). */
export function joinLines(a: string, b: string): string {
  if (/[A-Za-z\u00c0-\u024f][-\u00ad]$/.test(a) && /^[a-z\u00df-\u00ff]/.test(b)) return `${a.slice(0, -1)}\u00ad${b}`;
  return joinText(a, b);
}

/** A space between two Chinese/Japanese chars: justification or letter-spacing, not a word break. */
const CJK_GAP =
  /([\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]) (?=[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef])/g;

/** Cleans a raw line: collapses runs of whitespace (an ideographic space stays one), drops control chars, unmapped glyphs (U+FFFD) and
 * private-use code points (symbol-font checkboxes and dingbats without a Unicode mapping), and the spaces
 * a justified Chinese or Japanese line shows between its chars (Hangul keeps its word spaces). */
export function cleanLine(t: string): string {
  t = t.replace(/[\u0000-\u0008\u000b-\u001f\u007f\ufffd-\uffff\ue000-\uf8ff]/g, '');
  // Each replace only where it changes something (most lines have single spaces and no CJK): a replace
  // of every space by a space still builds a new string.
  // An ideographic space (U+3000) is the writer's own word break between CJK words ("第一章　总则", names
  // in a by-line): it stays, where plain spaces between CJK chars are the layout's and go.
  if (ODD_SPACE.test(t)) t = t.replace(/\s+/g, (m) => (m.includes('\u3000') ? '\u3000' : ' '));
  if (CJK_SPACED.test(t)) t = t.replace(CJK_GAP, '$1');
  return t.trim();
}

/** Whitespace other than one plain space. */
const ODD_SPACE = /[^\S ]| {2}/;
const CJK_SPACED =
  /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef] [\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/;

/** Normalised key for repetition checks (headers/footers): digits folded, spaces and case ignored. */
export function repetitionKey(t: string): string {
  return t.normalize('NFKC').toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, '');
}

export const median = (a: number[]): number => {
  if (!a.length) return 0;
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
};

/** Text that reads as the continuation of a sentence (lower case, punctuation, CJK). */
export const startsLikeContinuation = (t: string): boolean =>
  /^[a-z\u00df-\u00ff(,;:\u2013\u2014]/.test(t) || CJK_CHAR.test(t[0] ?? '');
