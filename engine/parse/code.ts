// Code blocks: monospaced segments on a page whose body text is not monospaced keep their line breaks
// and indentation; consecutive code lines that mupdf split apart are joined into one block.
import type { RawLine } from '../pdf/raw.ts';
import { rectUnion } from '../pdf/raw.ts';
import type { Elem } from './model.ts';
import { cleanLine } from './text.ts';

/** A single monospaced line that reads as a statement, not as a name or an address. */
const CODE_LINE = /[;{:]\s*$|\)\s*;?\s*$|\s=\s|^\s*(def|function|class|import|from|return|if|for|while|#include|public|private|var|let|const|SELECT|CREATE)\b/;

/** Share of monospaced chars on the page (a page set in a typewriter font has no "code" in it). */
export function monoShare(lines: RawLine[]): number {
  let mono = 0, all = 0;
  for (const l of lines) { mono += l.mono * l.text.length; all += l.text.length; }
  return all ? mono / all : 0;
}

/** Lines of a code segment with their indentation (in spaces, from the x offset). */
export function codeText(lines: RawLine[], left = Math.min(...lines.map((l) => l.bbox[0]))): string {
  return lines.map((l) => {
    const cw = Math.max(1, 0.6 * l.size);
    return ' '.repeat(Math.max(0, Math.round((l.bbox[0] - left) / cw))) + cleanLine(l.text);
  }).join('\n');
}

/** Joins consecutive code elements that are one listing; a lone line without code syntax is text again. */
export function mergeCode(elems: Elem[]): Elem[] {
  const out: Elem[] = [];
  for (const e of elems) {
    const p = out[out.length - 1];
    if (p && p.kind === 'code' && e.kind === 'code') {
      const gap = e.bbox[1] - p.bbox[3];
      const ov = Math.min(p.bbox[2], e.bbox[2]) - Math.max(p.bbox[0], e.bbox[0]);
      if (gap > -0.3 * e.size && gap < 1.2 * e.size && ov > 0) {
        const left = Math.min(p.bbox[0], e.bbox[0]);
        const cw = Math.max(1, 0.6 * e.size);
        const shift = (t: string, x: number) => t.split('\n').map((s) => ' '.repeat(Math.max(0, Math.round((x - left) / cw))) + s).join('\n');
        out[out.length - 1] = { ...p, bbox: rectUnion(p.bbox, e.bbox), text: shift(p.text, p.bbox[0]) + '\n' + shift(e.text, e.bbox[0]), nLines: p.nLines + e.nLines };
        continue;
      }
    }
    out.push(e);
  }
  // Typewriter-set addresses ("{alice,bob}@lab.org") are not code either.
  const notCode = (e: Elem) => (e.nLines < 2 && !CODE_LINE.test(e.text)) || /\S@\S+\.[a-z]{2,}/i.test(e.text);
  return out.map((e) => (e.kind === 'code' && notCode(e) ? { ...e, kind: 'text' as const, text: e.text.replace(/\s+/g, ' ').trim() } : e));
}
