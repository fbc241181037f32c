// Reading order of XY-cut on block boxes: a borderless grid whose right-aligned label column sits above a
// line of prose and a list (the layout of word_sample.docx's food table) reads row by row; a narrow
// paragraph under two columns reads after both, while a longer left column's own paragraphs stay in it.
import { describe, expect, it } from 'vitest';
import { readingOrder } from '../../../engine/reading-order/xycut.ts';
import type { Rect } from '../../../engine/raw.ts';

const box = (text: string, bbox: Rect) => ({ text, bbox });

// Boxes in points as the engine sees them on word_sample.docx's page 2 (the table and what follows it).
const grid = [
  box('Food', [245, 199, 276, 214]),
  box('Calories per portion', [405, 199, 524, 214]),
  box('Leaves', [173, 240, 208, 252]),
  box('Ash, Elm, Maple', [245, 240, 327, 252]),
  box('50', [405, 240, 417, 252]),
  box('Berries', [171, 276, 208, 288]),
  box('Blueberry, Strawberry, Cranberry', [245, 276, 355, 302]),
  box('150', [405, 276, 423, 288]),
  box('Grain', [177, 327, 208, 339]),
  box('Corn, Buckwheat, Barley', [245, 327, 367, 339]),
  box('200', [405, 327, 423, 339]),
  // Its right end overhangs the gap before the second column only by a few points: a "hidden" gutter.
  box('And let’s add another list in the end:', [67, 382, 242, 394]),
  box('1. Leaves', [85, 412, 137, 424]),
  box('2. Berries', [85, 430, 138, 442]),
  box('3. Grain', [85, 448, 130, 460]),
];

describe('readingOrder', () => {
  it('reads a borderless grid above prose row by row, not its label column first', () => {
    const order = readingOrder(grid).map((b) => b.text);
    expect(order).toEqual(grid.map((b) => b.text));
  });

  it('still splits two tall columns of paragraphs (rows not shared) at a gutter one line end overhangs', () => {
    const left = [0, 1, 2, 3, 4, 5].map((k) => box(`L${k}`, [50, 100 + 60 * k, k === 2 ? 262 : 250, 150 + 60 * k]));
    const right = [0, 1, 2, 3, 4, 5].map((k) => box(`R${k}`, [258, 120 + 60 * k, 460, 170 + 60 * k]));
    const order = readingOrder([...left, ...right]).map((b) => b.text);
    expect(order).toEqual([...left, ...right].map((b) => b.text));
  });

  // Boxes in pixels as the engine sees Chromium's two CSS columns (fixtures/chromium-layout.pdf, page 2),
  // with a paragraph of 300 px set under them in the left column's width (a closing note, a signature).
  const columns = [
    box('left column', [125, 115, 580, 432]),
    box('4 Conclusion', [614, 113, 777, 142]),
    box('right column', [614, 158, 1070, 359]),
  ];

  it('reads a narrow paragraph that starts below both columns after them, not inside the left column', () => {
    const note = box('closing note', [125, 460, 425, 700]);
    const order = readingOrder([note, ...columns]).map((b) => b.text);
    expect(order).toEqual(['left column', '4 Conclusion', 'right column', 'closing note']);
    // Right to left: the columns swap, the note still comes last.
    const mirrored = [note, ...columns].map((b) =>
      box(b.text, [1192 - b.bbox[2], b.bbox[1], 1192 - b.bbox[0], b.bbox[3]]),
    );
    expect(readingOrder(mirrored, true).map((b) => b.text)).toEqual([
      'left column',
      '4 Conclusion',
      'right column',
      'closing note',
    ]);
  });

  it('keeps the paragraphs of a left column longer than the right one in that column', () => {
    const more = [box('left column, part 2', [125, 450, 580, 620]), box('left column, part 3', [125, 640, 560, 700])];
    const order = readingOrder([...more, ...columns]).map((b) => b.text);
    expect(order).toEqual([
      'left column',
      'left column, part 2',
      'left column, part 3',
      '4 Conclusion',
      'right column',
    ]);
  });

  it('keeps the next line of a stack of short lines under a shorter column beside it in the stack', () => {
    // Points as the engine sees normal_4pages.pdf's masthead: the publisher's lines left, issue and series right.
    const stack = ['issued', 'publisher', 'editor', 'www'].map((t, k) =>
      box(t, [62, 110 + 16 * k, k === 3 ? 132 : 150, 121 + 16 * k]),
    );
    const right = [box('No. 1695', [494, 84, 547, 99]), box('Issues', [412, 120, 529, 148])];
    expect(readingOrder([...stack, ...right]).map((b) => b.text)).toEqual([
      'issued',
      'publisher',
      'editor',
      'www',
      'No. 1695',
      'Issues',
    ]);
  });
});
