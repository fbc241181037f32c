// Footnotes as marks the Markdown pane can show chunk by chunk. Results write them as GFM footnotes:
// a reference `[^n]` in the text and a definition `[^n]: text` at the end. GFM renders a reference only
// when its definition is in the same document, and a definition only when referenced, but the pane
// renders each paragraph on its own: references stayed "[^1]" and definitions vanished. Here both
// become superscript labels (a definition also a `md-footnote` span), outside code spans and fences.
// The inspector's one-line previews of JSON contents show the same labels (footnoteParts).
import { splitCode } from './math.ts';

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const sup = (label: string): string => `<sup>${escapeHtml(label)}</sup>`;

const DEFINITION = /^( {0,3})\[\^([^\]\s]+)\]:[ \t]*(.*)$/gm;
const REFERENCE = /\[\^([^\]\s]+)\]/g;

function rewrite(prose: string): string {
  return prose
    .replace(
      DEFINITION,
      (_m, indent: string, label: string, text: string) =>
        `${indent}<span class="md-footnote">${sup(label)} ${text}</span>`,
    )
    .replace(REFERENCE, (_m, label: string) => sup(label));
}

/** `[^n]` → superscript n; a `[^n]: text` line → a footnote line labelled n. */
export function footnoteMarks(markdown: string): string {
  if (!markdown.includes('[^')) return markdown;
  return splitCode(markdown)
    .map((p) => (p.code ? p.text : rewrite(p.text)))
    .join('');
}

/** A line of plain text (a block's JSON content) cut into text and footnote labels (`[^n]`, or a
 * `[^n]:` definition), at most `max` characters shown; a label is drawn as a superscript. */
export function footnoteParts(text: string, max: number): { text: string; mark: boolean }[] {
  const out: { text: string; mark: boolean }[] = [];
  let room = max,
    at = 0;
  const push = (s: string, mark: boolean) => {
    if (room <= 0 || !s) return;
    out.push({ text: s.slice(0, room), mark });
    room -= s.length;
  };
  for (const m of text.matchAll(/\[\^([^\]\s]+)\]:?/g)) {
    push(text.slice(at, m.index), false);
    push(m[1]!, true);
    at = m.index + m[0].length;
  }
  push(text.slice(at), false);
  return out;
}
