// Lines → segments: groups the text lines of mupdf's blocks into paragraph-sized segments of uniform
// style, splitting where the font size or weight changes, at list items, at paragraph gaps, and
// between side-by-side columns that mupdf put into one block.
import type { RawBlock, RawLine, Rect } from '../raw.ts';
import { rectUnion } from '../raw.ts';
import { BULLET_START, END_OF_SENTENCE, hasTocLeader } from './text.ts';
import { gutters, joinRowSplits, mergeRowFragments } from './row-join.ts';
import { SEGMENT } from './thresholds.ts';

export interface Segment {
  bbox: Rect;
  lines: RawLine[];
  size: number;
  bold: number;
  italic: number;
  mono: number;
  rotated: boolean;
  /** Font of the first line, subset prefix removed. */
  font: string;
}

const fontFamily = (name: string): string => name.replace(/^[A-Z]{6}\+/, '');

const overlapX = (a: Rect, b: Rect): number => Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
const height = (l: RawLine): number => Math.max(1, l.bbox[3] - l.bbox[1]);

/** Weight (or slant) changes split only between a (nearly) all-bold line and a mostly regular one: run-in bold
 * labels ("NOTE: the …") stay in their paragraph. */
const weightBreak = (a: number, b: number): boolean =>
  (a >= SEGMENT.styleFull && b < SEGMENT.styleRegular) || (a < SEGMENT.styleRegular && b >= SEGMENT.styleFull);

function sameStyle(s: Segment, l: RawLine): boolean {
  const last = s.lines[s.lines.length - 1];
  const big = Math.max(s.size, l.size, 1);
  if (Math.abs(s.size - l.size) > SEGMENT.size * big) return false;
  // Another typeface at another size: a heading set apart from its body text only by font.
  if (Math.abs(last.size - l.size) >= SEGMENT.fontSize && fontFamily(last.font) !== fontFamily(l.font)) return false;
  if (weightBreak(last.bold, l.bold) || weightBreak(last.italic, l.italic)) return false;
  if (Math.abs(s.mono - l.mono) > SEGMENT.mono) return false;
  return true;
}

const HANGING_MARK = /^(\d{1,3}|[*∗†‡§¶]{1,3}|\[\d{1,3}\]|\(?\d{1,2}[.)])\s/;

const midY = (l: RawLine): number => (l.bbox[1] + l.bbox[3]) / 2;
const median = (v: number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1]!;

/** The line pitch (centre to centre) of a block of three or more stacked pairs whose median gap is under
 * 0.9 line height (not double-spaced), else 0. A pair at this pitch is not a paragraph gap even when its
 * boxes say a little over ¾ of a line (OCR boxes of uneven height; CJK text set at about that leading). */
function tightPitch(lines: RawLine[]): number {
  const pitch: number[] = [],
    ratio: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!,
      b = lines[i]!;
    const gap = b.bbox[1] - a.bbox[3],
      h = Math.max(height(a), height(b));
    if (a.rotated || b.rotated || gap < 0 || gap > SEGMENT.pairGap * h || overlapX(a.bbox, b.bbox) <= 0) continue;
    pitch.push(midY(b) - midY(a));
    ratio.push(gap / h);
  }
  return pitch.length >= 3 && median(ratio) < SEGMENT.tightGap ? median(pitch) : 0;
}

/** Can line `l` continue segment `s` (directly below its last line, same column and style)? `pitch`: the
 * block's line pitch (tightPitch). */
function continues(s: Segment, l: RawLine, pitch: number): boolean {
  const last = s.lines[s.lines.length - 1];
  if (last.rotated || l.rotated) return false;
  if (!sameStyle(s, l)) return false;
  const gap = l.bbox[1] - last.bbox[3];
  const h = Math.max(height(last), height(l));
  const atPitch = pitch > 0 && gap <= h && midY(l) - midY(last) <= SEGMENT.pitch * pitch;
  if (gap < SEGMENT.gapMin * h || (gap > SEGMENT.gapMax * h && !atPitch)) return false;
  const ov = overlapX(last.bbox, l.bbox);
  const minW = Math.min(last.bbox[2] - last.bbox[0], l.bbox[2] - l.bbox[0]);
  const aligned = Math.abs(last.bbox[0] - l.bbox[0]) < SEGMENT.align * l.size;
  if (!(ov > SEGMENT.overlap * minW || (aligned && ov > 0))) return false;
  // A list item, a note opening with its raised mark; a TOC entry ends its segment.
  if (BULLET_START.test(l.text) || l.sup?.[0] === 0 || hasTocLeader(last.text) || last.toc || l.toc) return false;
  // A note or reference opening with its mark hung out left of the lines above ("2  Data from …", "[3] …"),
  // or under a mark standing alone (the mark of the note before, its text set apart on the right).
  if (
    HANGING_MARK.test(`${l.text} `) &&
    (l.bbox[0] < last.bbox[0] - SEGMENT.hanging * l.size ||
      (HANGING_MARK.test(`${last.text} `) && !/\s\S/.test(last.text)))
  )
    return false;
  // A short, sentence-final previous line followed by a new sentence: paragraph break.
  const right = s.bbox[2];
  if (
    s.lines.length > 1 &&
    END_OF_SENTENCE.test(last.text) &&
    last.bbox[2] < right - SEGMENT.shortLast * l.size &&
    /^[A-Z0-9\p{Lo}]/u.test(l.text)
  )
    return false;
  // An indented first line after a short last line: a new paragraph in a text without paragraph gaps.
  if (
    l.bbox[0] > s.bbox[0] + SEGMENT.indent * l.size &&
    last.bbox[2] < right - SEGMENT.indentShort * l.size &&
    /^[\p{Lu}\d“"‘(\u3400-\u9fff\uac00-\ud7af「『（【]/u.test(l.text)
  )
    return false;
  return true;
}

function newSegment(l: RawLine): Segment {
  return {
    bbox: [...l.bbox],
    lines: [l],
    size: l.size,
    bold: l.bold,
    italic: l.italic,
    mono: l.mono,
    rotated: l.rotated,
    font: fontFamily(l.font),
  };
}

function addLine(s: Segment, l: RawLine): void {
  s.lines.push(l);
  s.bbox = rectUnion(s.bbox, l.bbox);
  const n = s.lines.length;
  s.bold = (s.bold * (n - 1) + l.bold) / n;
  s.italic = (s.italic * (n - 1) + l.italic) / n;
  s.mono = (s.mono * (n - 1) + l.mono) / n;
}

/** Splits every block into segments; lines on one baseline but far apart stay separate. */
export function segmentBlocks(blocks: RawBlock[]): Segment[] {
  const out: Segment[] = [];
  const apart = gutters(blocks);
  for (const b of joinRowSplits(blocks, apart)) {
    const open: Segment[] = [];
    const lines = mergeRowFragments(b.lines, apart);
    const pitch = tightPitch(lines);
    for (const l of lines) {
      let target: Segment | null = null;
      for (let i = open.length - 1; i >= 0 && i >= open.length - SEGMENT.lookBack; i--) {
        if (continues(open[i], l, pitch)) {
          target = open[i];
          break;
        }
      }
      if (target) addLine(target, l);
      else {
        const s = newSegment(l);
        open.push(s);
        out.push(s);
      }
    }
  }
  return out;
}
