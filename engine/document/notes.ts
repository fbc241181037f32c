// Footnotes, decided here for the whole engine's PDF and scan path: which blocks of a page are footnotes
// (small text low on the page opening with a mark, a note opening with a raised mark, or a notes list
// closing the document whose numbers the body refers to). The marks in the text layer become `[^n]`
// references on the page (kinds/notes.ts); the Markdown writer labels the notes and writes `[^n]: text`
// (shared/markdown/notes.ts, writer.ts); Word's own notes are read from its XML (source/office/docx-notes.ts).
import type { Elem, PageAnalysis } from '../model.ts';
import type { MarginRole } from './headers.ts';
import { CJK_CHAR } from '../analysis/text.ts';

/** Thresholds of a footnote, sizes as multiples of the page's body size, places as shares of its height. */
const NOTES = {
  /** Notes are set smaller than the body. */
  small: 0.85,
  /** A note opening with a raised mark (kinds/notes.ts) may be set nearly at body size. */
  marked: 0.95,
  /** Long enough for a sentence (in letters, a CJK character counting two): not a page number or label. */
  minChars: 15,
  /** Low on the page: any note; in the lower half: a note opening with its mark. */
  low: 0.75,
  lowerHalf: 0.5,
  /** An endnote starts no higher than this many points above the foot of the page's body. */
  belowBody: 1,
} as const;

/** A printed note's opening mark: a number of one to three digits or a run of note symbols. */
const FOOTNOTE_MARK = /^(\d{1,3}|[*∗†‡§¶]+)\s?\S/;
/** An endnote's opening: its number, maybe "1." or "1)", then the note. */
const ENDNOTE_START = /^\d{1,3}[.)]?\s+\S/;
/** A reference to a note in the text, as kinds/notes.ts writes it. */
const NOTE_REF = /\[\^(\d{1,3})\]/g;
const CJK_CHARS = new RegExp(CJK_CHAR.source, 'g');

/** The note numbers the document's text refers to (`[^n]`). */
export function noteRefs(pages: PageAnalysis[]): Set<string> {
  return new Set(pages.flatMap((p) => p.elems.flatMap((e) => [...e.text.matchAll(NOTE_REF)].map((m) => m[1]))));
}

/** Endnotes of a page: small text opening with a number, below all of the page's body, some of them numbers
 * the body refers to (`[^n]`): a notes list closing the document, as HTML and pandoc place notes. */
export function endnotes(
  p: PageAnalysis,
  roles: MarginRole[],
  levels: number[],
  body: number,
  refs: Set<string>,
): Set<Elem> {
  if (!refs.size) return new Set();
  const flow = p.elems.filter((_e, i) => !roles[i] && !levels[i]);
  const small = flow.filter((e) => e.kind === 'text' && e.size <= body * NOTES.small && ENDNOTE_START.test(e.text));
  const bottom = Math.max(...flow.filter((e) => !small.includes(e)).map((e) => e.bbox[3]));
  const below = small.filter((e) => e.bbox[1] >= bottom - NOTES.belowBody);
  return new Set(below.some((e) => refs.has(/^\d+/.exec(e.text)![0])) ? below : []);
}

/** Is this text block (no title, no margin) a footnote of page `p`, whose body size is `body`? */
export function isFootnote(e: Elem, p: PageAnalysis, body: number): boolean {
  // Small text low on the page, opening with a marker ("12 The …", "* …") or at the very bottom; long
  // enough for a sentence (a CJK character counts as two letters).
  if (
    e.size <= body * NOTES.small &&
    e.text.length + (e.text.match(CJK_CHARS)?.length ?? 0) > NOTES.minChars &&
    (e.bbox[1] > NOTES.low * p.height || (e.bbox[1] > NOTES.lowerHalf * p.height && FOOTNOTE_MARK.test(e.text)))
  )
    return true;
  // A smaller note that opens with a raised mark (kinds/notes.ts), in the lower half.
  return !!e.note && e.size <= body * NOTES.marked && e.bbox[1] > NOTES.lowerHalf * p.height;
}
