// A raw text line for unit tests of the page stages: plain upright text of one size, no per-char extents;
// `extra` sets what a test needs beyond that (size, font, scripts, flags).
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
