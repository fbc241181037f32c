// The page's reading order from its one home (engine/reading-order/): the parts of a page in turn, columns
// right to left on RTL pages and in vertical CJK text, blocks by role for the assembly (headers first,
// footnotes, then footers and side notes last), and the OCR's first order of recognised lines.
import { describe, expect, it } from 'vitest';
import { byRole, pageOrder } from '../../../engine/reading-order/page.ts';
import { orderLines } from '../../../engine/reading-order/lines.ts';
import type { Rect } from '../../../engine/raw.ts';
import { rawLine } from './raw-line.ts';

const box = (id: string, bbox: Rect) => ({ id, bbox });
const ids = (items: { id: string }[]) => items.map((i) => i.id);

/** Two columns side by side under a full-width title. */
const body = [box('right', [300, 100, 500, 300]), box('title', [0, 40, 500, 60]), box('left', [0, 100, 200, 300])];
const parts = {
  top: [box('head', [0, 5, 200, 15])],
  body,
  rotated: [box('v1', [400, 320, 420, 500]), box('v2', [440, 320, 460, 500])],
  bottom: [box('folio', [240, 780, 260, 790])],
};

describe('pageOrder', () => {
  it('reads the top margin, the body, rotated text and the bottom margin in turn', () => {
    expect(ids(pageOrder(parts, false, false))).toEqual(['head', 'title', 'left', 'right', 'v1', 'v2', 'folio']);
  });

  it('reads columns right to left on an RTL page, and vertical CJK columns right to left on any page', () => {
    expect(ids(pageOrder(parts, true, false))).toEqual(['head', 'title', 'right', 'left', 'v2', 'v1', 'folio']);
    expect(ids(pageOrder(parts, false, true))).toEqual(['head', 'title', 'left', 'right', 'v2', 'v1', 'folio']);
  });
});

describe('byRole', () => {
  it('puts headers first, footnotes after the body, footers and side notes last, else keeps the order', () => {
    const types = ['footer', 'text', 'header', 'footnote', 'title', 'sider', 'table'];
    expect(byRole(types)).toEqual([2, 1, 4, 6, 3, 0, 5]);
  });
});

const line = (text: string, bbox: Rect) => rawLine(text, bbox, { font: 'ocr' });

describe('orderLines', () => {
  it('reads a column of recognised lines to its end before the next, whatever order the detector gave', () => {
    const lines = [
      line('b1', [300, 100, 500, 112]),
      line('a2', [0, 120, 200, 132]),
      line('b2', [300, 120, 500, 132]),
      line('a1', [0, 100, 200, 112]),
    ];
    expect(orderLines(lines).map((l) => l.text)).toEqual(['a1', 'a2', 'b1', 'b2']);
  });

  it('reads pieces of one row left to right', () => {
    const lines = [line('x', [120, 100, 160, 112]), line('w', [0, 101, 110, 112])];
    expect(orderLines(lines).map((l) => l.text)).toEqual(['w', 'x']);
  });
});
