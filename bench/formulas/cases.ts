// The formulas the formula bench sets and reads back: display formulas (some numbered) and inline ones,
// in the LaTeX a reference converter would write. Kept to a subset that mathml.ts can translate (scripts,
// \frac, \sqrt, big operators with limits, Greek, relations, function names, one matrix).

export interface DisplayCase {
  tex: string;
  tag?: string;
}

export const DISPLAY: DisplayCase[] = [
  { tex: 'E = mc^{2}', tag: '1' },
  { tex: 'S_{n} = \\sum_{i=1}^{n} a_{i}' },
  { tex: '\\frac{a+b}{c-d} = x', tag: '2' },
  { tex: 'x = \\frac{-b \\pm \\sqrt{b^{2}-4ac}}{2a}', tag: '3' },
  { tex: '\\int_{0}^{\\infty} e^{-x^{2}} dx = \\frac{\\sqrt{\\pi}}{2}' },
  { tex: '\\alpha + \\beta \\leq \\gamma', tag: '4' },
  { tex: 'f(x) = \\sum_{k=0}^{\\infty} \\frac{x^{k}}{k!}' },
  { tex: '\\nabla \\cdot E = \\frac{\\rho}{\\epsilon_{0}}', tag: '5' },
  { tex: 'a^{2} + b^{2} = c^{2}' },
  { tex: '\\prod_{j=1}^{m} (1 + x_{j}) \\leq e^{S}', tag: '6' },
  { tex: '\\lim_{n \\to \\infty} (1 + \\frac{1}{n})^{n} = e' },
  { tex: '\\sigma^{2} = \\frac{1}{N} \\sum_{i=1}^{N} (x_{i} - \\mu)^{2}', tag: '7' },
  { tex: '\\frac{\\partial u}{\\partial t} = \\kappa \\frac{\\partial^{2} u}{\\partial x^{2}}' },
  { tex: '\\sqrt{x^{2} + y^{2}} \\geq |x|', tag: '8' },
  { tex: 'P(A | B) = \\frac{P(B | A) P(A)}{P(B)}' },
  { tex: '\\Delta G = \\Delta H - T \\Delta S', tag: '9' },
  { tex: 'e^{i \\pi} + 1 = 0' },
  { tex: 'x_{n+1} = x_{n} - \\frac{f(x_{n})}{g(x_{n})}', tag: '10' },
  { tex: '\\sum_{n=1}^{\\infty} \\frac{1}{n^{2}} = \\frac{\\pi^{2}}{6}' },
  { tex: '\\int_{a}^{b} f(x) dx = F(b) - F(a)', tag: '11' },
  { tex: '\\sin^{2} \\theta + \\cos^{2} \\theta = 1' },
  { tex: '\\log_{2} n \\leq n - 1', tag: '12' },
  { tex: '\\Phi(z) = \\frac{1}{\\sqrt{2 \\pi}} e^{-z^{2}/2}' },
  { tex: 'A = \\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}', tag: '13' },
  { tex: '\\omega_{0} = \\sqrt{\\frac{k}{m}} \\neq \\lambda' },
  { tex: 'y_{t} = \\phi y_{t-1} + \\varepsilon_{t}', tag: '14' },
];

/** Inline formulas, each set inside a sentence of prose. */
export const INLINE: string[] = [
  'x^{2}',
  '\\alpha',
  'a_{i}',
  'n \\geq 1',
  'e^{-t}',
  '\\beta_{k}',
  'O(n^{2})',
  '\\pi r^{2}',
];

const WORDS = [
  'model',
  'sample',
  'energy',
  'signal',
  'network',
  'series',
  'process',
  'estimate',
  'boundary',
  'operator',
  'vector',
  'field',
];
/** A sentence of prose that differs from paragraph to paragraph (no repeated lines for the header finder). */
const prose = (k: number) =>
  `Paragraph ${k + 1} discusses the ${WORDS[k % WORDS.length]} and the ${WORDS[(k * 5 + 3) % WORDS.length]} of the study, ` +
  `whose ${WORDS[(k * 7 + 1) % WORDS.length]} follows from the assumptions made earlier in this section and in the appendix; ` +
  `the derivation below is used in the remainder of the text.`;

export type Para =
  | { kind: 'prose'; text: string }
  | { kind: 'inline'; before: string; tex: string; after: string }
  | { kind: 'display'; tex: string; tag?: string };

/** The document every producer sets: prose, then a display formula, an inline one after every third paragraph. */
export function paragraphs(): Para[] {
  return DISPLAY.flatMap((d, k): Para[] => {
    const i = k % 3 === 1 ? (k - 1) / 3 : -1;
    const inline: Para[] =
      i >= 0 && i < INLINE.length
        ? [
            {
              kind: 'inline',
              before: 'In this case the quantity',
              tex: INLINE[i],
              after: 'is kept fixed for every run of the experiment.',
            },
          ]
        : [];
    return [{ kind: 'prose', text: prose(k) }, ...inline, { kind: 'display', tex: d.tex, tag: d.tag }];
  });
}
