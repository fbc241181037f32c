// The review screen from the keyboard (j/k, b, /; one Tab stop per tree, arrows inside), the Markdown
// source view, and a result without JSON.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewView } from '../../renderer/src/features/review/ReviewView.tsx';
import { resetRenderer } from './setup.ts';
import { sampleView } from './review-fixture.ts';
import { box, sizePanes } from './review-panes.ts';

sizePanes();
afterEach(resetRenderer);

describe('ReviewView: keys, source view and no JSON', () => {
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
