// The document stage's one home of footnotes (engine/document/notes.ts) and the order of its steps
// (DOCUMENT_STEPS in assemble.ts): which blocks of a page are footnotes, and the notes list closing a
// document; the steps run as DOCUMENT_STEPS lists them, each after what it reads.
import { describe, expect, it } from 'vitest';
import type { Elem, PageAnalysis } from '../../../engine/model.ts';
import { endnotes, isFootnote, noteRefs } from '../../../engine/document/notes.ts';
import { DOCUMENT_STEPS } from '../../../engine/document/assemble.ts';
import { textElem } from './helpers.ts';

const elem = (text: string, top: number, size = 10, over: Partial<Elem> = {}): Elem =>
  textElem(text, [72, top, 520, top + size * 1.2], { size, ...over });

const page = (elems: Elem[]): PageAnalysis => ({
  pageNum: 0,
  width: 612,
  height: 792,
  scale: 2,
  scanned: false,
  elems,
});

describe('footnotes (document/notes.ts)', () => {
  const p = page([]);
  it('takes small text low on the page for a note, with a mark in the lower half', () => {
    expect(isFootnote(elem('12 See the appendix for the full derivation.', 700, 8), p, 10)).toBe(true);
    expect(isFootnote(elem('* Work done while at the institute.', 450, 8), p, 10)).toBe(true);
    // No mark in the lower half, body size, too short, or high on the page: no note.
    expect(isFootnote(elem('See the appendix for the full derivation.', 450, 8), p, 10)).toBe(false);
    expect(isFootnote(elem('12 See the appendix for the full derivation.', 700, 10), p, 10)).toBe(false);
    expect(isFootnote(elem('12 Short.', 700, 8), p, 10)).toBe(false);
    expect(isFootnote(elem('12 See the appendix for the full derivation.', 200, 8), p, 10)).toBe(false);
  });

  it('takes a note opening with a raised mark at nearly body size, in the lower half only', () => {
    expect(isFootnote(elem('3 A note.', 500, 9.5, { note: true }), p, 10)).toBe(true);
    expect(isFootnote(elem('3 A note.', 300, 9.5, { note: true }), p, 10)).toBe(false);
    expect(isFootnote(elem('3 A note.', 500, 9.5), p, 10)).toBe(false);
  });

  it('finds a closing notes list only when the body refers to its numbers', () => {
    const body = elem('The claim[^1] holds, as shown before[^2].', 100);
    const notes = [elem('1. First source.', 300, 8), elem('2. Second source.', 320, 8)];
    const last = page([body, ...notes]);
    expect(noteRefs([last])).toEqual(new Set(['1', '2']));
    const none = [null, null, null];
    expect(endnotes(last, none, [0, 0, 0], 10, noteRefs([last]))).toEqual(new Set(notes));
    expect(endnotes(last, none, [0, 0, 0], 10, new Set(['7']))).toEqual(new Set());
    // A numbered item above body text is no endnote.
    const list = page([elem('1. First source.', 50, 8), body]);
    expect(endnotes(list, [null, null], [0, 0], 10, new Set(['1']))).toEqual(new Set());
  });
});

describe('document steps (document/assemble.ts)', () => {
  it('runs the steps in the order each one needs what it reads', () => {
    expect(DOCUMENT_STEPS.map((s) => s.name)).toEqual([
      'body style',
      'headers and footers',
      'titles and levels',
      'endnotes',
      'block types',
      'blocks',
      'joins',
      'figure captions',
      'image files',
    ]);
  });
});
