// The review screen's panes linked both ways: a box, its Markdown chunk and its inspector row select and
// highlight one another; block types named in both languages; a type hidden with its chip.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewView } from '../../renderer/src/features/review/ReviewView.tsx';
import { resetRenderer } from './setup.ts';
import { setLocale } from '../../renderer/src/i18n/index.ts';
import { sampleView } from './review-fixture.ts';
import { box, chunkOf, sizePanes } from './review-panes.ts';

sizePanes();
afterEach(resetRenderer);

describe('ReviewView: linking the panes', () => {
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
});
