// Review screen state: linking (select/hover with origins), type filters, j/k and n/p navigation,
// find-in-document, zoom steps, and the keyboard shortcut dispatcher.
import { describe, expect, it } from 'vitest';
import { buildDoc } from '../../renderer/src/features/review/doc.ts';
import { findHits, stepBlock, stepHit } from '../../renderer/src/features/review/nav.ts';
import { createReviewStore } from '../../renderer/src/features/review/store.ts';
import { SyncGate } from '../../renderer/src/features/review/sync.ts';
import { handleKey, isTypingTarget } from '../../renderer/src/features/review/useKeys.ts';
import { imageResolver } from '../../renderer/src/features/review/MarkdownRow.tsx';
import { sampleView } from './review-fixture.ts';

const doc = buildDoc(sampleView());
const fresh = () => createReviewStore(doc);

describe('linking state', () => {
  it('records who selected a block and bumps seq every time (same block again too)', () => {
    const s = fresh();
    s.getState().select(2, 'page');
    expect(s.getState()).toMatchObject({ selected: 2, origin: 'page', seq: 1 });
    s.getState().select(2, 'markdown');
    expect(s.getState()).toMatchObject({ selected: 2, origin: 'markdown', seq: 2 });
    s.getState().select(999, 'page');
    expect(s.getState().selected).toBe(2);
  });
  it('keeps hover per origin: leaving another pane does not clear it', () => {
    const s = fresh();
    s.getState().hover(3, 'page');
    s.getState().unhover('markdown');
    expect(s.getState().hovered).toBe(3);
    s.getState().unhover('page');
    expect(s.getState().hovered).toBe(-1);
  });
  it('maps a selected block to its Markdown chunk and back', () => {
    const g = 2;
    const chunk = doc.alignment.chunkOfBlock[g]!;
    expect(chunk).toBeGreaterThanOrEqual(0);
    expect(doc.alignment.blockOfChunk[chunk]).toBe(g);
  });
});

describe('filters and boxes', () => {
  it('toggles types, shows one type only, and shows all again', () => {
    const s = fresh();
    s.getState().toggleType('text');
    expect([...s.getState().hidden]).toEqual(['text']);
    s.getState().toggleType('text');
    expect(s.getState().hidden.size).toBe(0);
    s.getState().showOnly('title');
    expect(s.getState().hidden.has('title')).toBe(false);
    expect(s.getState().hidden.has('text')).toBe(true);
    s.getState().showOnly(null);
    expect(s.getState().hidden.size).toBe(0);
  });
  it('switches boxes off and on, and hover-only mode turns them back on', () => {
    const s = fresh();
    s.getState().toggleBoxes();
    expect(s.getState().showBoxes).toBe(false);
    s.getState().setBoxMode('hover');
    expect(s.getState()).toMatchObject({ showBoxes: true, boxMode: 'hover' });
  });
});

describe('navigation', () => {
  it('steps through blocks in reading order, skipping hidden types, without wrapping', () => {
    expect(stepBlock(doc, -1, 1, new Set(), 0)).toBe(0);
    expect(stepBlock(doc, 0, 1, new Set(['title']), 0)).toBe(2);
    expect(stepBlock(doc, 8, 1, new Set(), 0)).toBe(-1);
    expect(stepBlock(doc, -1, 1, new Set(), 1)).toBe(5);
    expect(stepBlock(doc, -1, -1, new Set(), 1)).toBe(4);
  });
  it('j/k start from the page being read when the selection is elsewhere', () => {
    const s = fresh();
    s.getState().select(1, 'page');
    s.getState().reportPage(1);
    s.getState().stepBlock(1);
    expect(s.getState()).toMatchObject({ selected: 5, origin: 'keyboard' });
    s.getState().stepBlock(1);
    expect(s.getState().selected).toBe(6);
    s.getState().stepBlock(-1);
    expect(s.getState().selected).toBe(5);
  });
  it('n/p and the page input clamp to the document', () => {
    const s = fresh();
    s.getState().stepPage(1);
    expect(s.getState().goto?.page).toBe(1);
    s.getState().stepPage(1);
    expect(s.getState().goto?.page).toBe(1);
    s.getState().gotoPage(-5);
    expect(s.getState().page).toBe(0);
  });
  it('zooms in and out by steps from the zoom in effect', () => {
    const s = fresh();
    s.getState().reportPercent(61);
    s.getState().stepZoom(1);
    expect(s.getState().zoom).toEqual({ kind: 'percent', value: 75 });
    s.getState().reportPercent(75);
    s.getState().stepZoom(-1);
    expect(s.getState().zoom).toEqual({ kind: 'percent', value: 50 });
  });
});

describe('find in document', () => {
  it('finds text in the Markdown and in blocks the Markdown lacks, in page order', () => {
    const hits = findHits(doc, 'PART');
    expect(hits.list.map((h) => h.g)).toEqual([6]);
    const header = findHits(doc, 'journal');
    expect(header.list).toEqual([{ g: 0, chunk: -1, page: 0 }]);
    const onlyMd = findHits(doc, 'closing remark');
    expect(onlyMd.list[0]).toMatchObject({ g: -1, page: 1 });
    expect(findHits(doc, '  ').list).toEqual([]);
  });
  it('steps through hits, selecting their blocks or revealing their chunk', () => {
    const s = fresh();
    s.getState().setQuery('e');
    const n = s.getState().hits.list.length;
    expect(n).toBeGreaterThan(2);
    s.getState().stepHit(1);
    expect(s.getState().hit).toBe(0);
    expect(s.getState().origin).toBe('search');
    s.getState().stepHit(-1);
    expect(s.getState().hit).toBe(0 - 1 + n);
    expect(stepHit(findHits(doc, 'zzz'), -1, 1)).toBe(-1);
    s.getState().setQuery('closing remark');
    s.getState().stepHit(1);
    expect(s.getState().revealChunk).toBe(doc.chunks.length - 1);
  });
});

describe('keyboard', () => {
  const focus = { n: 0 };
  it('maps j/k/n/p/b/Escape onto the store, / onto the search field', () => {
    const s = fresh();
    const gate = new SyncGate();
    gate.touch('page');
    expect(handleKey('j', s, gate, () => focus.n++)).toBe(true);
    expect(s.getState().selected).toBe(0);
    expect(gate.driver).toBeNull();
    handleKey('j', s, gate, () => focus.n++);
    handleKey('k', s, gate, () => focus.n++);
    expect(s.getState().selected).toBe(0);
    handleKey('n', s, gate, () => focus.n++);
    expect(s.getState().goto?.page).toBe(1);
    handleKey('b', s, gate, () => focus.n++);
    expect(s.getState().showBoxes).toBe(false);
    expect(handleKey('/', s, gate, () => focus.n++)).toBe(true);
    expect(focus.n).toBe(1);
    expect(handleKey('Escape', s, gate, () => focus.n++)).toBe(true);
    expect(s.getState().selected).toBe(-1);
    expect(handleKey('Escape', s, gate, () => focus.n++)).toBe(false);
    expect(handleKey('x', s, gate, () => focus.n++)).toBe(false);
  });
  it('leaves keys typed into fields alone', () => {
    const input = document.createElement('input');
    const div = document.createElement('div');
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(div)).toBe(false);
  });
});

describe('images', () => {
  it('resolves relative and service image URLs to the cached copies under assetBase', () => {
    const resolve = imageResolver('http://127.0.0.1:9/assets/results/req_x/', {
      'https://svc/a.png': 'images/image_002.png',
    });
    expect(resolve('./images/image_001.png')).toBe('http://127.0.0.1:9/assets/results/req_x/images/image_001.png');
    expect(resolve('images/image_003.jpg')).toBe('http://127.0.0.1:9/assets/results/req_x/images/image_003.jpg');
    expect(resolve('https://svc/a.png')).toBe('http://127.0.0.1:9/assets/results/req_x/images/image_002.png');
    expect(resolve('https://elsewhere/b.png')).toBe('https://elsewhere/b.png');
    expect(resolve('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});
