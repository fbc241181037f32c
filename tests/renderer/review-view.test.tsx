// The review screen rendered in jsdom with a real result shape (original gone: blank pages of
// page_size): boxes placed by the bbox maths, linking both ways, filters, keyboard, source view.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReviewView } from '../../renderer/src/features/review/ReviewView.tsx';
import { PANE_PADDING } from '../../renderer/src/features/review/layout.ts';
import { resetRenderer } from './setup.ts';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { sampleView } from './review-fixture.ts';
import { fakeApi } from './fake-api.ts';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import type { PdfDoc } from '../../renderer/src/features/review/pdf.ts';

// jsdom has no layout: give the scrolling panes a size, and a ResizeObserver that reports nothing.
const PANE = { w: 800, h: 600 };
const sized = (el: Element) => /\brv-(pages|md-scroll|tree|thumbs)\b/.test(el.className);
const originalRect = HTMLElement.prototype.getBoundingClientRect;
const originalWidth = window.innerWidth;
beforeAll(() => {
  // A wide desktop window: the thumbnails and the inspector start open (narrow windows: see below).
  window.innerWidth = 1920;
  for (const [prop, value] of [
    ['clientWidth', PANE.w],
    ['clientHeight', PANE.h],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get() {
        return sized(this) ? value : 0;
      },
    });
  }
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    return sized(this)
      ? ({
          x: 0,
          y: 0,
          top: 0,
          left: 0,
          width: PANE.w,
          height: PANE.h,
          right: PANE.w,
          bottom: PANE.h,
          toJSON() {},
        } as DOMRect)
      : originalRect.call(this);
  };
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterAll(() => {
  window.innerWidth = originalWidth;
  HTMLElement.prototype.getBoundingClientRect = originalRect;
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
});
afterEach(resetRenderer);

const box = (g: number) => document.querySelector<HTMLElement>(`.rv-box[data-g="${g}"]`);
const chunkOf = (g: number) => document.querySelector<HTMLElement>(`[data-testid=md-chunk][data-g="${g}"]`);

describe('ReviewView', () => {
  it('a narrow window starts without the thumbnails and the inspector (page and Markdown keep their width)', () => {
    window.innerWidth = 1100;
    try {
      render(<ReviewView view={sampleView()} />);
      expect(document.querySelector('.rv-body')?.className).not.toMatch(/has-(thumbs|inspector)/);
    } finally {
      window.innerWidth = 1920;
    }
  });

  it('shows a damaged-file warning as a note, in English and Chinese; other warnings as the service wrote them', () => {
    const view = sampleView({
      warnings: [
        'DAMAGED_FILE: The file was damaged and has been repaired.',
        'FLAG_IGNORED: feature x is not supported',
      ],
    });
    const first = render(<ReviewView view={view} />);
    const notes = screen.getAllByTestId('review-warning').map((n) => n.textContent);
    expect(notes).toEqual([
      'The file was damaged; some content may be missing. Check the pages against the original.',
      'Note from the service: feature x is not supported',
    ]);
    expect(screen.getAllByRole('note')).toHaveLength(2);
    first.unmount();
    setLocale('zh-CN');
    try {
      render(<ReviewView view={view} />);
      expect(screen.getAllByTestId('review-warning')[0]!.textContent).toBe(
        '文件已损坏，部分内容可能缺失。请对照原文件检查各页。',
      );
    } finally {
      setLocale('en');
    }
  });

  it("says in the user's language which pages were read at a reduced resolution (the engine's sentence parsed)", async () => {
    const { reducedWarning } = await import('../../engine/input/caps.ts');
    const view = sampleView({
      warnings: [
        reducedWarning([
          [2, 32],
          [0, 40],
        ])!,
      ],
    });
    const first = render(<ReviewView view={view} />);
    expect(screen.getByTestId('review-warning').textContent).toBe(
      'Page 1, 3: too large to read at full resolution, read at 32 dpi; small text may be missed.',
    );
    first.unmount();
    setLocale('zh-CN');
    try {
      render(<ReviewView view={view} />);
      expect(screen.getByTestId('review-warning').textContent).toBe(
        '第 1, 3 页过大，无法以完整分辨率读取，已按 32 dpi 读取；小字可能遗漏。',
      );
    } finally {
      setLocale('en');
    }
  });

  it('draws boxes on blank pages of page_size, scaled to the page width, with a notice', () => {
    render(<ReviewView view={sampleView()} />);
    expect(screen.getByTestId('review-notice').textContent).toMatch(/original file is gone/);
    // Fit width: the page is (800 − 2 × padding) CSS px wide; boxes scale from page_size (1000 × 1400)
    // to the page as drawn (whole pixels), per axis.
    const page = document.querySelector<HTMLElement>('[data-testid=page][data-page="0"]')!;
    const w = parseFloat(page.style.width);
    const h = parseFloat(page.style.height);
    expect(w).toBe(PANE.w - 2 * PANE_PADDING);
    expect(h).toBe(Math.round(1400 * (w / 1000)));
    const b = box(2)!;
    expect(parseFloat(b.style.left)).toBeCloseTo((50 * w) / 1000, 3);
    expect(parseFloat(b.style.top)).toBeCloseTo((200 * h) / 1400, 3);
    expect(parseFloat(b.style.width)).toBeCloseTo((430 * w) / 1000, 3);
    expect(parseFloat(b.style.height)).toBeCloseTo((400 * h) / 1400, 3);
    expect(b.dataset.n).toBe('2');
    expect(screen.getAllByTestId('merged-badge')).toHaveLength(1);
  });

  it('links a clicked box to its Markdown chunk and inspector row, and shows its fields', () => {
    render(<ReviewView view={sampleView()} />);
    fireEvent.click(box(2)!);
    expect(box(2)!.className).toContain('is-selected');
    expect(chunkOf(2)!.className).toContain('is-selected');
    const row = document.querySelector('[data-testid=inspector-row][data-g="2"]')!;
    expect(row.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('bbox-px').textContent).toBe('[50, 200, 480, 600]');
    expect(screen.getByTestId('bbox-pt').textContent).toMatch(/n\/a/);
  });

  it("names the selected block's type in the UI language above its fields (the field itself stays the raw value)", () => {
    setLocale('zh-CN');
    render(<ReviewView view={sampleView()} />);
    fireEvent.click(box(2)!);
    const details = screen.getByTestId('block-details');
    expect(details.querySelector('.rv-details-head strong')!.textContent).toBe('文本');
    expect(within(details).getAllByText('text', { exact: true }).length).toBeGreaterThan(0);
  });

  it('names block types in words in both languages (legend, type filter, tree, details head); the Type field stays raw', () => {
    const json = structuredClone(sampleView().json!);
    json.pages[0]!.blocks[0]!.type = 'sider';
    json.pages[1]!.blocks[3]!.type = 'cate_item';
    const view = sampleView({ json });
    const names = () => ({
      legend: within(screen.getByTestId('legend'))
        .getAllByRole('button')
        .map((b) => b.textContent!.replace(/\s*\d+$/, '')),
      filter: [...document.querySelectorAll('.rv-inspector-head option')].map((o) => o.textContent),
      rows: [...document.querySelectorAll('.rv-row-type')].map((r) => r.textContent),
    });
    const first = render(<ReviewView view={view} />);
    let n = names();
    expect(n.legend).toEqual(expect.arrayContaining(['Sidebar', 'TOC entry', 'Text', 'Figure']));
    expect(n.filter).toEqual(expect.arrayContaining(['Sidebar (1)', 'TOC entry (1)']));
    expect(n.rows).toEqual(expect.arrayContaining(['Sidebar', 'TOC entry']));
    for (const list of Object.values(n)) expect(list.join('|')).not.toMatch(/sider|cate|_/);
    fireEvent.click(document.querySelector('[data-testid=inspector-row][data-g="0"]')!);
    const details = screen.getByTestId('block-details');
    expect(details.querySelector('.rv-details-head strong')!.textContent).toBe('Sidebar');
    expect(within(details).getAllByText('sider', { exact: true }).length).toBeGreaterThan(0);
    first.unmount();
    setLocale('zh-CN');
    render(<ReviewView view={view} />);
    n = names();
    expect(n.legend).toEqual(expect.arrayContaining(['侧栏', '目录项', '文本', '图片']));
    expect(n.rows).toEqual(expect.arrayContaining(['侧栏', '目录项']));
  });

  it('links a clicked Markdown chunk or inspector row back to the box', () => {
    render(<ReviewView view={sampleView()} />);
    fireEvent.click(within(chunkOf(1)!).getByText('Dense Passage Retrieval'));
    expect(box(1)!.className).toContain('is-selected');
    fireEvent.click(document.querySelector('[data-testid=inspector-row][data-g="4"]')!);
    expect(box(4)!.className).toContain('is-selected');
    expect(box(1)!.className).not.toContain('is-selected');
  });

  it('previews footnote references in the inspector as superscript labels, as the Markdown pane does (code stays raw)', () => {
    const json = structuredClone(sampleView().json!);
    json.pages[0]!.blocks[2]!.content = 'Retrieval[^∗] selects passages[^1] quickly.';
    json.pages[0]!.blocks[4]!.type = 'code';
    json.pages[0]!.blocks[4]!.content = 'a[^1] = b';
    render(<ReviewView view={sampleView({ json })} />);
    const text = document.querySelector('[data-testid=inspector-row][data-g="2"] .rv-row-text')!;
    expect(text.textContent).toBe('Retrieval∗ selects passages1 quickly.');
    expect([...text.querySelectorAll('sup')].map((s) => s.textContent)).toEqual(['∗', '1']);
    expect(document.querySelector('[data-testid=inspector-row][data-g="4"] .rv-row-text')!.textContent).toBe(
      'a[^1] = b',
    );
  });

  it('hovering a box highlights its chunk; hovering a chunk highlights the box', () => {
    render(<ReviewView view={sampleView()} />);
    fireEvent.mouseOver(box(3)!);
    expect(chunkOf(3)!.className).toContain('is-hovered');
    fireEvent.mouseOut(box(3)!, { relatedTarget: document.body });
    expect(chunkOf(3)!.className).not.toContain('is-hovered');
    fireEvent.mouseOver(chunkOf(2)!);
    expect(box(2)!.className).toContain('is-hovered');
  });

  it('hides a type with its chip and counts blocks per type', () => {
    render(<ReviewView view={sampleView()} />);
    const chip = screen.getByRole('button', { name: /^Text 3 blocks, shown$/ });
    fireEvent.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    expect(box(2)).toBeNull();
    expect(box(1)).not.toBeNull();
    expect(document.querySelector('[data-testid=inspector-row][data-g="2"]')).toBeNull();
  });

  it('answers j/k, b and / from the keyboard, and leaves typing alone', () => {
    render(<ReviewView view={sampleView()} />);
    act(() => void fireEvent.keyDown(window, { key: 'j' }));
    expect(box(0)!.className).toContain('is-selected');
    act(() => void fireEvent.keyDown(window, { key: 'j' }));
    expect(box(1)!.className).toContain('is-selected');
    act(() => void fireEvent.keyDown(window, { key: 'b' }));
    expect(document.querySelectorAll('.rv-box')).toHaveLength(1);
    act(() => void fireEvent.keyDown(window, { key: '/' }));
    const search = screen.getByTestId('search-input');
    expect(document.activeElement).toBe(search);
    fireEvent.keyDown(search, { key: 'j' });
    expect(box(1)!.className).toContain('is-selected');
  });

  it('the inspector tree and the thumbnails are one Tab stop each; arrow keys move between blocks and pages', async () => {
    render(<ReviewView view={sampleView()} />);
    const tabbable = (sel: string) =>
      [...document.querySelectorAll<HTMLElement>(sel)].filter((el) => el.tabIndex === 0);
    expect(tabbable('.rv-tree button')).toHaveLength(1);
    expect(tabbable('.rv-thumbs button')).toHaveLength(1);
    const rowOf = (g: number) => document.querySelector<HTMLElement>(`[data-testid=inspector-row][data-g="${g}"]`)!;
    tabbable('.rv-tree button')[0]!.focus(); // the page 1 row
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(rowOf(1)));
    expect(box(1)!.className).toContain('is-selected');
    expect(tabbable('.rv-tree button')).toEqual([rowOf(1)]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(rowOf(0)));
    expect(box(0)!.className).toContain('is-selected');
    rowOf(3).focus(); // arrows go on from the focused row (after a click, say), not from the Tab stop
    fireEvent.keyDown(rowOf(3), { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(rowOf(4)));
    expect(box(4)!.className).toContain('is-selected');
    // ← on a block goes up to its page row; ← folds the page, → unfolds it (a tree's keys).
    fireEvent.keyDown(rowOf(4), { key: 'ArrowLeft' });
    const pageRow = () => document.querySelector<HTMLElement>('.rv-tree .rv-row-page[data-i="0"]')!;
    await waitFor(() => expect(document.activeElement).toBe(pageRow()));
    expect(pageRow().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(pageRow(), { key: 'ArrowLeft' });
    await waitFor(() => expect(pageRow().getAttribute('aria-expanded')).toBe('false'));
    expect(document.querySelector('[data-testid=inspector-row][data-g="0"]')).toBeNull();
    fireEvent.keyDown(pageRow(), { key: 'ArrowRight' });
    await waitFor(() => expect(pageRow().getAttribute('aria-expanded')).toBe('true'));
    expect(rowOf(0)).not.toBeNull();
    const thumbs = () => tabbable('.rv-thumbs button');
    thumbs()[0]!.focus();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Go to page 1');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Go to page 2'));
    expect(thumbs()).toEqual([document.activeElement]);
    expect(document.activeElement?.getAttribute('aria-current')).toBe('page');
  });

  it('shows the Markdown source chunk by chunk, and every control has a name', () => {
    render(<ReviewView view={sampleView()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Source' }));
    const pres = document.querySelectorAll('pre.rv-src');
    expect(pres[0]!.textContent).toBe('# Dense Passage Retrieval');
    for (const el of document.querySelectorAll('button, input, select')) {
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim();
      expect(name, el.outerHTML.slice(0, 80)).toBeTruthy();
    }
  });

  it('without JSON still renders the Markdown and says why there are no boxes', () => {
    render(<ReviewView view={sampleView({ json: null })} />);
    expect(screen.getByTestId('review-notice').textContent).toMatch(/no JSON/);
    expect(document.querySelectorAll('[data-testid=md-chunk]').length).toBeGreaterThan(3);
    expect(document.querySelectorAll('.rv-box')).toHaveLength(0);
  });
});

describe('ReviewView: the original while it opens, and a protected one', () => {
  afterEach(() => setApi(null));
  const pdfView = () => sampleView({ originalUrl: 'http://127.0.0.1:1/assets/k/results/req_sample0001/original' });

  it('every page says it is being drawn until the original opens', () => {
    render(<ReviewView view={pdfView()} pdf={new Promise<PdfDoc>(() => undefined)} />);
    const pages = screen.getAllByTestId('page');
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) {
      expect(within(p).getByTestId('page-loading').textContent).toBe('Drawing the page…');
      expect(p.getAttribute('aria-busy')).toBe('true');
    }
  });

  it('pages pdf.js opened but cannot draw are asked of main, once for the document', async () => {
    const api = fakeApi({ 'results:pages': () => ({ state: 'ready', pages: 2 }) });
    setApi(api);
    const size = { w: 500, h: 700 };
    const failing: PdfDoc = {
      numPages: 2,
      knownPoints: () => size,
      points: async () => size,
      destroy: () => undefined,
      render: () => ({ done: Promise.resolve(null), cancel: () => undefined, failed: true }),
    };
    render(<ReviewView view={pdfView()} pdf={Promise.resolve(failing)} />);
    await waitFor(() => expect(api.pairs.filter(([c]) => c === 'results:pages')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(api.pairs.filter(([c]) => c === 'results:pages')).toEqual([['results:pages', { id: 'req_sample0001' }]]);
  });

  it('a PDF pdf.js cannot open asks main; a protected one asks for its password and sends it to main only', async () => {
    const api = fakeApi({
      'results:pages': (req) =>
        req.password === 'right'
          ? { state: 'ready', pages: 2 }
          : { state: 'password', wrong: req.password !== undefined },
    });
    setApi(api);
    render(<ReviewView view={pdfView()} pdf={Promise.reject(new Error('No password given'))} />);
    const input = await screen.findByLabelText(/password-protected/);
    expect(screen.queryByTestId('page-loading')).toBeNull();
    fireEvent.change(input, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show pages' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The password is wrong');
    expect((input as HTMLInputElement).value).toBe('');
    fireEvent.change(input, { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show pages' }));
    await waitFor(() => expect(screen.getByTestId('review').getAttribute('data-drawn')).toBe('mupdf'));
    expect(screen.queryByTestId('page-password')).toBeNull();
    expect(api.pairs.filter(([c]) => c === 'results:pages').map(([, r]) => r)).toEqual([
      { id: 'req_sample0001' },
      { id: 'req_sample0001', password: 'nope' },
      { id: 'req_sample0001', password: 'right' },
    ]);
  });
});
