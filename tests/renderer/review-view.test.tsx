// The review screen rendered in jsdom with a real result shape (original gone: blank pages of
// page_size): the panes a window starts with, notices and warnings, and boxes placed by the bbox maths.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewView } from '../../renderer/src/features/review/ReviewView.tsx';
import { PANE_PADDING } from '../../renderer/src/features/review/layout.ts';
import { resetRenderer } from './setup.ts';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { sampleView } from './review-fixture.ts';
import { box, PANE, sizePanes } from './review-panes.ts';

sizePanes();
afterEach(resetRenderer);

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
});
