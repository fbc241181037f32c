// Formulas the engine gives as pictures (`![(n)](crop)` with `\tag{n}` in the equation block): sized from
// the block's width in ems of the page's body text, numbered at the right, on a card; LaTeX equations and figures
// are left to the Markdown renderer as before.
import { render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Block, JsonOutput } from '../../shared/somark.ts';
import { buildModel } from '../../renderer/src/features/review/model.ts';
import { bodyTextSize, equationArt } from '../../renderer/src/features/review/equation-art.ts';
import { ReviewView } from '../../renderer/src/features/review/ReviewView.tsx';
import { resetRenderer } from './setup.ts';
import { sampleView } from './review-fixture.ts';

const b = (idx: number, type: string, bbox: Block['bbox'], content: string, img_url = ''): Block => ({
  idx,
  type,
  bbox,
  content,
  format: 'text',
  captions: [],
  img_url,
});

// As the engine writes tests/engine/parse/fixtures/vector-formula.pdf. Each paragraph has 100 letters
// (spaces aside) in 800 × 30 px: body text of √(24000 / (0.6 · 100)) = 20 px.
const words = (n: number) => Array.from({ length: n / 10 }, (_, i) => `word${i % 10}abcde`.slice(0, 10)).join(' ');
const json: JsonOutput = {
  pages: [
    {
      page_num: 0,
      page_size: { w: 1190, h: 1684 },
      merge_content_from_pre_page: false,
      blocks: [
        b(0, 'text', [144, 197, 944, 227], words(100)),
        b(1, 'equation', [498, 310, 698, 349], '\\tag{1}', './doc_images/image_001.png'),
        b(2, 'text', [144, 377, 944, 407], words(100)),
        b(3, 'equation', [524, 480, 664, 532], '', './doc_images/image_002.png'),
        b(4, 'equation', [400, 560, 800, 600], 'E = mc^{2} \\tag{3}'),
        b(5, 'figure', [294, 620, 894, 860], '', './doc_images/image_003.png'),
        b(6, 'text', [144, 900, 944, 960], 'Short.'),
      ],
    },
  ],
};
const markdown = [
  words(100),
  '![(1)](./doc_images/image_001.png)',
  words(100),
  '![](./doc_images/image_002.png)',
  '$$\nE = mc^{2} \\tag{3}\n$$',
  '![](./doc_images/image_003.png)',
  'Short.',
].join('\n\n');

describe('equationArt', () => {
  const model = buildModel(json);
  it('sizes a pictured formula in ems of the page body text and reads its number', () => {
    expect(bodyTextSize(model, 0)).toBeCloseTo(20, 6);
    expect(equationArt(model, 1, '![(1)](./doc_images/image_001.png)')).toEqual({ widthEm: 10, tag: '1' });
    expect(equationArt(model, 3, '![](./doc_images/image_002.png)')).toEqual({ widthEm: 7, tag: null });
  });
  it('counts CJK characters as full ems; a page without paragraphs takes a 57th of its width', () => {
    const zh = buildModel({
      pages: [
        {
          ...json.pages[0]!,
          blocks: [b(0, 'text', [0, 0, 800, 30], '公式'.repeat(25)), b(1, 'equation', [0, 40, 200, 60], '', 'x.png')],
        },
      ],
    });
    expect(bodyTextSize(zh, 0)).toBeCloseTo(20, 6);
    const bare = buildModel({
      pages: [
        {
          ...json.pages[0]!,
          page_size: { w: 1140, h: 1600 },
          blocks: [b(0, 'equation', [0, 0, 400, 20], '', 'x.png')],
        },
      ],
    });
    expect(equationArt(bare, 0, '![](x.png)')!.widthEm).toBe(20);
  });
  it('takes the number from the alt text when the block has none, and leaves other chunks alone', () => {
    const noTag = buildModel({
      pages: [
        {
          ...json.pages[0]!,
          blocks: [b(0, 'text', [0, 0, 800, 30], words(100)), b(1, 'equation', [0, 40, 100, 60], '', 'x.png')],
        },
      ],
    });
    expect(equationArt(noTag, 1, '![(2.1a)](x.png)')).toEqual({ widthEm: 5, tag: '2.1a' });
    expect(equationArt(model, 4, '$$\nE = mc^{2} \\tag{3}\n$$')).toBeNull(); // LaTeX: KaTeX sets it
    expect(equationArt(model, 5, '![](./doc_images/image_003.png)')).toBeNull(); // a figure
    expect(equationArt(model, 1, '![(1)](a.png) and text')).toBeNull();
  });
});

describe('Markdown pane', () => {
  // jsdom has no layout: the scrolling panes get a size (as in review-view.test.tsx) so chunks render.
  const sized = (el: Element) => /\brv-(pages|md-scroll|tree|thumbs)\b/.test(el.className);
  const originalRect = HTMLElement.prototype.getBoundingClientRect;
  const originalWidth = window.innerWidth;
  beforeAll(() => {
    window.innerWidth = 1920;
    for (const [prop, value] of [
      ['clientWidth', 800],
      ['clientHeight', 600],
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
        ? ({ x: 0, y: 0, top: 0, left: 0, width: 800, height: 600, right: 800, bottom: 600, toJSON() {} } as DOMRect)
        : originalRect.call(this);
    };
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    document.documentElement.setAttribute('data-theme', 'dark');
  });
  afterAll(() => {
    window.innerWidth = originalWidth;
    HTMLElement.prototype.getBoundingClientRect = originalRect;
    delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
    delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
    document.documentElement.removeAttribute('data-theme');
  });
  afterEach(resetRenderer);

  it('shows a pictured formula on a card at its page size with "(n)" at the right; LaTeX and figures as before', () => {
    render(<ReviewView view={sampleView({ json, markdown, images: {}, catalog: [] })} />);
    const arts = [...document.querySelectorAll<HTMLElement>('[data-testid=equation-art]')];
    expect(arts).toHaveLength(2);
    const [first, second] = arts as [HTMLElement, HTMLElement];
    expect(first.closest('[data-testid=md-chunk]')!.getAttribute('data-g')).toBe('1');
    expect(first.querySelector<HTMLElement>('.md-eq-card')!.style.width).toBe('10em');
    expect(first.querySelector('.md-eq-tag')!.textContent).toBe('(1)');
    expect(first.className).toContain('has-tag');
    expect(first.querySelector('img')!.getAttribute('src')).toBe(
      'http://127.0.0.1:9/assets/results/req_sample0001/doc_images/image_001.png',
    );
    expect(first.querySelector('img')!.getAttribute('alt')).toBe('(1)');
    expect(second.querySelector('.md-eq-tag')).toBeNull();
    expect(second.querySelector<HTMLElement>('.md-eq-card')!.style.width).toBe('7em');
    // The LaTeX equation keeps KaTeX's own tag; the figure stays a plain image.
    const latex = document.querySelector('[data-testid=md-chunk][data-g="4"]')!;
    expect(latex.querySelector('.katex-display .tag')?.textContent).toContain('(3)');
    const figure = document.querySelector('[data-testid=md-chunk][data-g="5"]')!;
    expect(figure.querySelector('img')).not.toBeNull();
    expect(figure.querySelector('[data-testid=equation-art]')).toBeNull();
  });
});
