// Code blocks: monospaced segments on a page whose body text is not monospaced keep their line breaks
// and indentation; consecutive code lines that mupdf split apart are joined into one block.
import type { RawLine } from '../raw.ts';
import { rectUnion } from '../raw.ts';
import type { Elem } from '../model.ts';
import type { Segment } from '../analysis/segment.ts';
import { cleanLine } from '../analysis/text.ts';
import { CODE } from './thresholds.ts';

/** A single monospaced line that reads as a statement, not as a name or an address. */
const CODE_LINE =
  /[;{:]\s*$|\)\s*;?\s*$|\s=\s|^\s*(def|function|class|import|from|return|if|for|while|#include|public|private|var|let|const|SELECT|CREATE)\b/;

/** Code syntax in a line: statement ends, braces, operators, calls, snake_case names, leading keywords. */
const CODE_SYNTAX =
  /;\s*$|[{}]|\s(=|==|!=|<>|:=|\|\|)\s|\w\s?\(.*\)|\w_\w|^\s*(SELECT|CREATE|ALTER|INSERT|UPDATE|DELETE|DROP|FROM|WHERE|WHEN|THEN|ELSE|END|RETURN|CASE|AND|OR|ON|FOR|SET|def|function|class|import|return|if|for|while|#include|public|private|var|let|const)\b/;
/** A line of prose: several words, mostly lower-case letters, ending a sentence or running on. */
const PROSE = (t: string): boolean =>
  t.split(/\s+/).length >= 4 &&
  (t.match(/\p{Ll}/gu)?.length ?? 0) > CODE.lowerCase * (t.match(/\p{L}/gu)?.length ?? 0) &&
  !CODE_SYNTAX.test(t);

/** May the page's monospaced segments be code? Yes when most of the page is set in a proportional face,
 * or when its monospaced lines read as code rather than prose (a page of listings); a page typed in a
 * typewriter face throughout has no "code" in it. */
export function codeOnPage(lines: RawLine[]): boolean {
  let mono = 0,
    all = 0;
  for (const l of lines) {
    mono += l.mono * l.text.length;
    all += l.text.length;
  }
  if (!all || mono < CODE.monoPage * all) return true;
  const ml = lines
    .filter((l) => l.mono >= CODE.monoLine)
    .map((l) => l.text.trim())
    .filter((t) => t);
  const code = ml.filter((t) => CODE_SYNTAX.test(t)).length,
    prose = ml.filter(PROSE).length;
  return code >= CODE.syntax * ml.length && prose < CODE.prose * ml.length;
}

/** Lines of a code segment with their indentation (in spaces, from the x offset); pieces on one row (a
 * listing set in two columns, "SELECT" beside its column list) share their line. */
export function codeText(lines: RawLine[], left = Math.min(...lines.map((l) => l.bbox[0]))): string {
  const rows: RawLine[][] = [];
  for (const l of [...lines].sort((a, b) => a.bbox[1] - b.bbox[1])) {
    const r = rows.find(
      (x) => Math.abs((x[0].bbox[1] + x[0].bbox[3]) / 2 - (l.bbox[1] + l.bbox[3]) / 2) < CODE.row * l.size,
    );
    if (r) r.push(l);
    else rows.push([l]);
  }
  return rows
    .map((r) => {
      let out = '';
      for (const l of r.sort((a, b) => a.bbox[0] - b.bbox[0])) {
        const cw = Math.max(1, (l.bbox[2] - l.bbox[0]) / Math.max(1, l.text.length) || CODE.charWidth * l.size);
        const col = Math.max(0, Math.round((l.bbox[0] - left) / cw));
        out += ' '.repeat(Math.max(out ? 1 : 0, col - out.length)) + cleanLine(l.text);
      }
      return out;
    })
    .join('\n');
}

/** Monospaced segments side by side on the same rows are one listing: merged before the reading order
 * would read them as columns. */
export function joinCodeColumns(segs: Segment[]): Segment[] {
  const code = (s: Segment) => s.mono >= CODE.monoLine && !s.rotated;
  const out = [...segs];
  for (let i = 0; i < out.length; i++) {
    if (!code(out[i])) continue;
    for (let j = i + 1; j < out.length; j++) {
      const a = out[i],
        b = out[j];
      if (!code(b) || Math.abs(a.size - b.size) > CODE.columnSize) continue;
      const vov = Math.min(a.bbox[3], b.bbox[3]) - Math.max(a.bbox[1], b.bbox[1]);
      const gap = Math.max(a.bbox[0], b.bbox[0]) - Math.min(a.bbox[2], b.bbox[2]);
      if (vov <= 0 || gap > CODE.columnGap * a.size) continue;
      out[i] = { ...a, lines: [...a.lines, ...b.lines], bbox: rectUnion(a.bbox, b.bbox) };
      out.splice(j, 1);
      j = i;
    }
  }
  return out;
}

/** Joins consecutive code elements that are one listing; a lone line without code syntax is text again. */
export function mergeCode(elems: Elem[]): Elem[] {
  const out: Elem[] = [];
  for (const e of elems) {
    const p = out[out.length - 1];
    if (p && p.kind === 'code' && e.kind === 'code') {
      const gap = e.bbox[1] - p.bbox[3];
      const ov = Math.min(p.bbox[2], e.bbox[2]) - Math.max(p.bbox[0], e.bbox[0]);
      if (gap > CODE.gapMin * e.size && gap < CODE.gapMax * e.size && ov > 0) {
        // one blank line inside a listing
        const left = Math.min(p.bbox[0], e.bbox[0]);
        const cw = Math.max(1, CODE.charWidth * e.size);
        // The listing so far is usually flush left already: left as it is (re-indenting it at every merge
        // made a long listing quadratic).
        const shift = (t: string, x: number) => {
          const n = Math.max(0, Math.round((x - left) / cw));
          return n
            ? t
                .split('\n')
                .map((s) => ' '.repeat(n) + s)
                .join('\n')
            : t;
        };
        out[out.length - 1] = {
          ...p,
          bbox: rectUnion(p.bbox, e.bbox),
          text: `${shift(p.text, p.bbox[0])}\n${shift(e.text, e.bbox[0])}`,
          nLines: p.nLines + e.nLines,
        };
        continue;
      }
    }
    out.push(e);
  }
  // Typewriter-set addresses ("{alice,bob}@lab.org") are not code either.
  // Nor are notes that only give web addresses.
  const notCode = (e: Elem) =>
    (e.nLines < 2 && !CODE_LINE.test(e.text)) ||
    /\S@\S+\.[a-z]{2,}/i.test(e.text) ||
    e.text.split('\n').every((l) => /^\s*(\d{1,3}\s+)?(https?:\/\/|www\.)\S+\s*$/.test(l));
  return out.map((e) =>
    e.kind === 'code' && notCode(e) ? { ...e, kind: 'text' as const, text: e.text.replace(/\s+/g, ' ').trim() } : e,
  );
}
