// The page stage as the runners call it: one raw page (text layer or OCR) → its elements and figures, never
// throwing (the page's text comes in stream order if the layout heuristics fail), and the names of its crops.
import type { Elem } from '../model.ts';
import type { RawPage } from '../raw.ts';
import { toPageFrame } from '../pdf/frame.ts';
import { cleanLine, joinText } from '../analysis/text.ts';
import { analyseRawPage } from './page.ts';

/** The layout heuristics must never lose a page: if they throw, the page's text comes in stream order. */
export function safeAnalyse(raw: RawPage, pageNum: number): ReturnType<typeof analyseRawPage> {
  try {
    return analyseRawPage(raw, pageNum);
  } catch {
    const elems: Elem[] = raw.blocks.map((b) => ({
      kind: 'text',
      bbox: toPageFrame(b.bbox, raw.rotation, raw.pageWidth, raw.pageHeight),
      text: b.lines.map((l) => cleanLine(l.text)).reduce(joinText, ''),
      nLines: b.lines.length,
      size: b.lines[0].size,
      bold: b.lines[0].bold,
      italic: b.lines[0].italic,
      mono: b.lines[0].mono,
      indent: false,
      shortLast: true,
      zone: 'body',
    }));
    return {
      page: {
        pageNum,
        width: raw.pageWidth,
        height: raw.pageHeight,
        scale: 2,
        scanned: false,
        elems: elems.filter((e) => e.text),
      },
      figures: [],
    };
  }
}

export const cropName = (page: number, k: number, ext = '.png') => `tmp-p${String(page).padStart(5, '0')}-${k}${ext}`;
