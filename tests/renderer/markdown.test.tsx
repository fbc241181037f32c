import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Markdown } from '../../renderer/src/components/markdown/Markdown.tsx';
import { normalizeMathDelimiters } from '../../renderer/src/components/markdown/math.ts';
import { resetRenderer } from './setup.ts';

afterEach(resetRenderer);

const renderMd = (markdown: string, resolveImage?: (src: string) => string) =>
  render(<Markdown markdown={markdown} resolveImage={resolveImage} />).container;

describe('Markdown', () => {
  it('shows footnote references and definitions rendered apart (the review pane renders chunk by chunk)', () => {
    const ref = renderMd('The lake is cold[^1] and deep[^note].');
    expect(ref.textContent).toBe('The lake is cold1 and deepnote.');
    expect([...ref.querySelectorAll('sup')].map((s) => s.textContent)).toEqual(['1', 'note']);
    const def = renderMd('[^1]: Measured in April at the *northern* shore.');
    expect(def.querySelector('.md-footnote sup')?.textContent).toBe('1');
    expect(def.querySelector('.md-footnote')?.textContent).toBe('1 Measured in April at the northern shore.');
    expect(def.querySelector('.md-footnote em')?.textContent).toBe('northern');
    // Code keeps the brackets; a label cannot inject HTML.
    const code = renderMd('Write `a[^1]` like this.\n\n```\n[^2]: x\n```');
    expect(code.querySelector('sup')).toBeNull();
    expect(code.textContent).toContain('a[^1]');
    expect(code.textContent).toContain('[^2]: x');
    expect(renderMd('x[^<b>]').querySelector('b')).toBeNull();
  });

  it('renders headings and GFM tables', () => {
    const c = renderMd('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(c.querySelector('h1')?.textContent).toBe('Title');
    expect(c.querySelectorAll('table td')).toHaveLength(2);
    expect(c.querySelector('.md-table-wrap > table')).not.toBeNull();
  });

  it('keeps HTML tables with rowspan/colspan from the service', () => {
    const c = renderMd('<table><tr><td rowspan="2">A</td><td colspan="3">B</td></tr><tr><td>C</td></tr></table>');
    const cells = c.querySelectorAll('td');
    expect(cells[0]?.getAttribute('rowspan')).toBe('2');
    expect(cells[1]?.getAttribute('colspan')).toBe('3');
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const c = renderMd(
      '<img src="x.png" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a><iframe src="https://e.com"></iframe>',
    );
    expect(c.querySelector('script')).toBeNull();
    expect(c.querySelector('iframe')).toBeNull();
    expect(c.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(c.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript');
  });

  it('renders $…$, $$…$$, \\(…\\) and \\[…\\] with KaTeX, and shows TeX that fails', () => {
    const c = renderMd('Inline $a^2$ and \\(b_1\\).\n\n$$\n\\frac{1}{2}\n$$\n\n\\[x = y^2\\]\n\nBad $\\frac{1}{$ end');
    expect(c.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(4);
    expect(c.querySelectorAll('.katex-display').length).toBe(2);
    expect(c.querySelector('.katex-error')?.textContent).toContain('\\frac{1}{');
  });

  it('maps relative image paths through resolveImage and keeps asset URLs', () => {
    const c = renderMd(
      '![fig](./images/image_001.png)\n\n<img src="images/image_002.jpg">',
      (src) => `docparse-asset://app/results/req_1/${src.replace(/^\.\//, '')}`,
    );
    const imgs = [...c.querySelectorAll('img')].map((i) => i.getAttribute('src'));
    expect(imgs).toEqual([
      'docparse-asset://app/results/req_1/images/image_001.png',
      'docparse-asset://app/results/req_1/images/image_002.jpg',
    ]);
  });

  it('opens links outside the app window', () => {
    const a = renderMd('[site](https://example.com)').querySelector('a');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toContain('noopener');
  });
});

describe('math delimiters', () => {
  it('rewrites TeX delimiters outside code only', () => {
    expect(normalizeMathDelimiters('a \\(x^2\\) b')).toBe('a $x^2$ b');
    expect(normalizeMathDelimiters('`\\(x^2\\)`')).toBe('`\\(x^2\\)`');
    // A $$…$$ alone on its line is a display block (remark-math reads one line as inline math).
    expect(normalizeMathDelimiters('Text:\n\n$$a^{2}+b^{2}=c^{2}$$\n\nmore $$x$$ inline')).toBe(
      'Text:\n\n$$\na^{2}+b^{2}=c^{2}\n$$\n\nmore $$x$$ inline',
    );
    expect(normalizeMathDelimiters('- item\n\n  $$E=mc^2$$')).toBe('- item\n\n  $$\n  E=mc^2\n  $$');
    expect(normalizeMathDelimiters('```\n\\[x^2\\]\n```')).toBe('```\n\\[x^2\\]\n```');
    expect(normalizeMathDelimiters('see \\[1\\] and \\[2\\]')).toBe('see \\[1\\] and \\[2\\]');
    expect(normalizeMathDelimiters('\\[x = 1\\]')).toContain('$$\nx = 1\n$$');
  });
});
