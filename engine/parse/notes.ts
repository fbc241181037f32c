// Footnote marks from the text layer: superscript digits or note symbols glued to a word become
// Markdown references `[^n]`; a note that opens with its raised mark reads "n text" (the assembly makes it
// a footnote block and the Markdown a `[^n]: text` definition).
import type { RawLine } from '../pdf/raw.ts';

/** A note mark: one to three digits, or a run of note symbols. */
const MARK = /^(\d{1,3}|[*∗†‡§¶]{1,3})$/;
/** At the start of a note's text: its mark, then the note. */
export const NOTE_START = /^(\d{1,3}|[*∗†‡§¶]{1,3})\)?\s+(?=\S)/;

/** Runs of consecutive superscript indices. */
function runs(sup: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const i of sup) {
    const r = out[out.length - 1];
    if (r && i === r[1]) r[1] = i + 1;
    else out.push([i, i + 1]);
  }
  return out;
}

/** The line's text with note marks rewritten; `mark` is the leading mark when the line opens with one. */
export function markNotes(l: RawLine): { text: string; mark: string | null } {
  if (!l.sup?.length) return { text: l.text, mark: null };
  let text = '', at = 0, mark: string | null = null;
  for (const [a, b] of runs(l.sup)) {
    const m = l.text.slice(a, b).trim();
    if (!MARK.test(m)) continue;
    const before = l.text.slice(0, a), after = l.text[b] ?? '';
    if (a === 0) {
      if (!/^\s*\S/.test(l.text.slice(b))) continue;
      mark = m;
      text += m + ' ';
      at = b;
      continue;
    }
    // Glued to a word of 3+ letters, a CJK char or closing punctuation, and not inside a number or a formula.
    const word = /(\p{L}{3,}|[\p{Lo}]|[.,;:!?)\]”’"'。，；：！？）])$/u.test(before);
    const ends = after === '' || /[\s.,;:!?)\]”’"'\p{Lo}，。；：）]/u.test(after);
    if (!word || !ends || /[=+^_]\s*\S*$/.test(before.slice(-6))) continue;
    text += l.text.slice(at, a).replace(/\s+$/, '') + `[^${m}]`;
    at = b;
  }
  return { text: text + l.text.slice(at), mark };
}
