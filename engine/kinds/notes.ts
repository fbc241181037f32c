// Footnote marks from the text layer: superscript digits or note symbols glued to a word become
// Markdown references `[^n]`; a note that opens with its raised mark reads "n text" (the assembly makes it
// a footnote block and the Markdown a `[^n]: text` definition).
import type { RawLine } from '../raw.ts';
import { latexOf } from './formulas/formulas.ts';
// The labels of footnote definitions (labelNotes, NOTE_START) are the Markdown writer's: shared/markdown/notes.ts.

/** A note mark: one to three digits, or a run of note symbols. */
const MARK = /^(\d{1,3}|[*∗†‡§¶]{1,3})\)?$/;

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

/** The line's text with note marks rewritten, and words carrying sub- or superscripts ("x2", "dD") as
 * inline `$…$` LaTeX; `mark` is the leading mark when the line opens with one. */
export function markNotes(l: RawLine): { text: string; mark: string | null } {
  if (!l.sup?.length && !l.sub?.length) return { text: l.text, mark: null };
  let text = '',
    at = 0,
    mark: string | null = null;
  const sup = new Set(l.sup ?? []);
  const all = [...runs(l.sup ?? []), ...runs(l.sub ?? [])].sort((x, y) => x[0] - y[0]);
  for (const [a, b] of all) {
    if (a < at) continue; // inside a word already rewritten
    const m = l.text.slice(a, b).trim();
    const math = () => {
      const w = inlineMath(l, a, b);
      if (!w) return;
      text += l.text.slice(at, w.start) + w.tex;
      at = w.end;
    };
    if (!sup.has(a) || !MARK.test(m)) {
      math();
      continue;
    }
    const before = l.text.slice(0, a),
      after = l.text[b] ?? '';
    if (a === 0) {
      if (!/^\s*\S/.test(l.text.slice(b))) continue;
      mark = m;
      text += `${m} `;
      at = b;
      continue;
    }
    // Glued to a word of 3+ letters, a CJK char or closing punctuation, and not inside a number or a formula.
    const word = /(\p{L}{3,}|[\p{Lo}]|[.,;:!?)\]”’"'。，；：！？）])$/u.test(before);
    const ends = after === '' || /[\s.,;:!?)\]”’"'\p{Lo}，。；：）]/u.test(after);
    if (!word || !ends || /[=+^_]\s*\S*$/.test(before.slice(-6))) {
      math();
      continue;
    }
    text += `${l.text.slice(at, a).replace(/\s+$/, '')}[^${m.replace(')', '')}]`;
    at = b;
  }
  return { text: text + l.text.slice(at), mark };
}

/** The word around the script run [a, b) as `$…$` (trailing punctuation left outside); null when the run
 * does not hang on a short word (a letter, digit or bracket right before it). */
function inlineMath(l: RawLine, a: number, b: number): { start: number; end: number; tex: string } | null {
  if (a === 0 || !/[A-Za-z\u0370-\u03ff\d)\]]/.test(l.text[a - 1])) return null;
  let start = a,
    end = b;
  while (start > 0 && !/\s/.test(l.text[start - 1])) start--;
  while (end < l.text.length && !/\s/.test(l.text[end])) end++;
  while (end > b && /[.,;:!?)\]}]/.test(l.text[end - 1])) end--;
  while (start < a - 1 && /[({[“‘"']/.test(l.text[start])) start++;
  if (end - start > 16 || /\p{Lo}/u.test(l.text.slice(start, end))) return null;
  const shift = (ix?: number[]) => (ix ?? []).filter((i) => i >= start && i < end).map((i) => i - start);
  const word: RawLine = { ...l, text: l.text.slice(start, end), sup: shift(l.sup), sub: shift(l.sub) };
  return { start, end, tex: `$${latexOf(word)}$` };
}
