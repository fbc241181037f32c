// A raw text line for unit tests of the page stages: plain upright text of one size, no per-char extents;
// `extra` sets what a test needs beyond that (size, font, scripts, flags); `line` builds one from chars.
import { LineBuilder } from '../../../engine/pdf/line-builder.ts';
import type { RawLine, Rect } from '../../../engine/raw.ts';

export function rawLine(text: string, bbox: Rect, extra: Partial<RawLine> = {}): RawLine {
  return {
    text,
    cx0: [],
    cx1: [],
    bbox,
    size: 10,
    bold: 0,
    italic: 0,
    mono: 0,
    font: '',
    rotated: false,
    rtl: false,
    ...extra,
  };
}

/** A text line as the PDF adapter builds it from chars [c, x0, x1, bottom, size = 12]. */
export function line(chars: [string, number, number, number, number?][]): RawLine {
  const lb = new LineBuilder();
  lb.reset(false);
  for (const [c, x0, x1, y1, size = 12] of chars)
    lb.add(c, [x0, y1 - size, x1, y1 - size, x0, y1, x1, y1], false, size, {
      name: 'Serif-Italic',
      bold: false,
      italic: true,
      mono: false,
    });
  return lb.toLine()!;
}
