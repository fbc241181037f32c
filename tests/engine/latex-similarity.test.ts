// The formula bench's LaTeX similarity (bench/latex-similarity.ts): what it ignores (spaces, $ fences,
// \tag, \left/\right, spacing commands, braces around one token, synonyms) and what it does not.
import { describe, expect, it } from 'vitest';
import { normaliseTex, strictSimilarity, texSimilarity } from '../../bench/latex-similarity.ts';

describe('LaTeX similarity', () => {
  it('ignores notation that does not change the formula', () => {
    expect(normaliseTex('$$ x^{2} + \\left( a_{i} \\right) \\, \\tag{3} $$')).toBe('x^2+(a_i)');
    expect(normaliseTex('\\frac{1}{2} \\le \\mathrm{d} x')).toBe(normaliseTex('\\dfrac12\\leq dx'));
    expect(texSimilarity('E = mc^{2} \\tag{1}', 'E=mc^2')).toBe(1);
    expect(normaliseTex('\\{ a \\}')).toBe('\\{a\\}'); // escaped braces are content
  });

  it('scores real differences by edit distance on the normal form', () => {
    expect(texSimilarity('x^{3}', 'x^{2}')).toBeCloseTo(2 / 3, 5);
    expect(texSimilarity('\\frac{a}{b}', 'a/b')).toBeLessThan(0.5);
    expect(texSimilarity('', 'x')).toBe(0);
  });

  it('strict reading drops only spaces, $ and \\tag', () => {
    expect(strictSimilarity('$$x^{2}$$ \\tag{1}', 'x^{2}')).toBe(1);
    expect(strictSimilarity('x^2', 'x^{2}')).toBeLessThan(1);
  });
});
