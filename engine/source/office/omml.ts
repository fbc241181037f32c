// Office Math (OMML, m:oMath) → LaTeX: fractions, scripts, radicals, n-ary operators, delimiters,
// functions, accents, bars and matrices; text runs with the common symbols mapped to commands.
import { allText, kid, kids, type XNode } from './tree.ts';
import { safeTex } from '../../../shared/markdown/escape.ts';

const SYMBOLS: Record<string, string> = {
  π: '\\pi ',
  α: '\\alpha ',
  β: '\\beta ',
  γ: '\\gamma ',
  δ: '\\delta ',
  ε: '\\epsilon ',
  θ: '\\theta ',
  λ: '\\lambda ',
  μ: '\\mu ',
  σ: '\\sigma ',
  φ: '\\phi ',
  ω: '\\omega ',
  Δ: '\\Delta ',
  Σ: '\\Sigma ',
  Ω: '\\Omega ',
  '∞': '\\infty ',
  '×': '\\times ',
  '·': '\\cdot ',
  '±': '\\pm ',
  '≤': '\\leq ',
  '≥': '\\geq ',
  '≠': '\\neq ',
  '≈': '\\approx ',
  '→': '\\rightarrow ',
  '∈': '\\in ',
  '∂': '\\partial ',
  '∇': '\\nabla ',
  '−': '-',
};
const NARY: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∫': '\\int',
  '∬': '\\iint',
  '∮': '\\oint',
  '⋃': '\\bigcup',
  '⋂': '\\bigcap',
};
const FUNCS = new Set(['sin', 'cos', 'tan', 'log', 'ln', 'exp', 'lim', 'max', 'min', 'sec', 'csc', 'cot', 'det']);

const val = (n: XNode | undefined, prop: string): string | undefined => kid(n, prop)?.attrs['m:val'];
/** Characters of a text run that LaTeX would read as syntax, written as themselves ("&" stays: Word aligns
 * the rows of an equation array on it, as LaTeX does). */
const LITERAL: Record<string, string> = {
  '\\': '\\backslash ',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '#': '\\#',
  '%': '\\%',
  '~': '\\sim ',
};
const text = (s: string): string => [...s].map((ch) => SYMBOLS[ch] ?? LITERAL[ch] ?? ch).join('');
const group = (s: string): string => `{${s.trim()}}`;

function arg(n: XNode | undefined): string {
  return n ? kids(n).map(toLatex).join('') : '';
}

function toLatex(n: XNode): string {
  switch (n.name) {
    case 'm:r': {
      const t = kids(n, 'm:t').map(allText).join('');
      return FUNCS.has(t.trim()) ? `\\${t.trim()}` : text(t);
    }
    case 'm:f': {
      const num = arg(kid(n, 'm:num')),
        den = arg(kid(n, 'm:den'));
      return val(kid(n, 'm:fPr'), 'm:type') === 'lin' ? `${num}/${den}` : `\\frac${group(num)}${group(den)}`;
    }
    case 'm:sSup':
      return `${arg(kid(n, 'm:e'))}^${group(arg(kid(n, 'm:sup')))}`;
    case 'm:sSub':
      return `${arg(kid(n, 'm:e'))}_${group(arg(kid(n, 'm:sub')))}`;
    case 'm:sSubSup':
      return `${arg(kid(n, 'm:e'))}_${group(arg(kid(n, 'm:sub')))}^${group(arg(kid(n, 'm:sup')))}`;
    case 'm:sPre':
      return `{}_${group(arg(kid(n, 'm:sub')))}^${group(arg(kid(n, 'm:sup')))}${arg(kid(n, 'm:e'))}`;
    case 'm:rad': {
      const deg = arg(kid(n, 'm:deg'));
      return deg.trim() ? `\\sqrt[${deg.trim()}]${group(arg(kid(n, 'm:e')))}` : `\\sqrt${group(arg(kid(n, 'm:e')))}`;
    }
    case 'm:nary': {
      const pr = kid(n, 'm:naryPr');
      const chr = val(pr, 'm:chr') ?? '∫';
      const sub = arg(kid(n, 'm:sub')),
        sup = arg(kid(n, 'm:sup'));
      return `${NARY[chr] ?? text(chr)}${sub.trim() ? `_${group(sub)}` : ''}${sup.trim() ? `^${group(sup)}` : ''}${arg(kid(n, 'm:e'))}`;
    }
    case 'm:d': {
      const pr = kid(n, 'm:dPr');
      const open = val(pr, 'm:begChr') ?? '(',
        close = val(pr, 'm:endChr') ?? ')';
      const sep = val(pr, 'm:sepChr') ?? ',';
      const inner = kids(n, 'm:e')
        .map(arg)
        .join(text([...sep][0] ?? ''));
      // One character each (an attribute of the file: never more than its first character).
      const esc = (c: string) => {
        const ch = [...c][0];
        return ch === undefined ? '.' : (LITERAL[ch] ?? ch);
      };
      return `\\left${esc(open)}${inner}\\right${esc(close)}`;
    }
    case 'm:func': {
      const name = arg(kid(n, 'm:fName')).trim();
      return `${name.startsWith('\\') ? name : `\\operatorname{${name}}`}${arg(kid(n, 'm:e'))}`;
    }
    case 'm:acc': {
      const chr = val(kid(n, 'm:accPr'), 'm:chr') ?? '̂';
      const cmd =
        chr === '̄' || chr === '¯'
          ? 'bar'
          : chr === '⃗' || chr === '→'
            ? 'vec'
            : chr === '̇'
              ? 'dot'
              : chr === '̃'
                ? 'tilde'
                : 'hat';
      return `\\${cmd}${group(arg(kid(n, 'm:e')))}`;
    }
    case 'm:bar':
      return `\\overline${group(arg(kid(n, 'm:e')))}`;
    case 'm:limLow':
      return `${arg(kid(n, 'm:e'))}_${group(arg(kid(n, 'm:lim')))}`;
    case 'm:limUpp':
      return `${arg(kid(n, 'm:e'))}^${group(arg(kid(n, 'm:lim')))}`;
    case 'm:m':
      return `\\begin{matrix}${kids(n, 'm:mr')
        .map((r) => kids(r, 'm:e').map(arg).join(' & '))
        .join(' \\\\ ')}\\end{matrix}`;
    case 'm:eqArr':
      return kids(n, 'm:e').length === 1
        ? arg(kid(n, 'm:e'))
        : `\\begin{aligned}${kids(n, 'm:e').map(arg).join(' \\\\ ')}\\end{aligned}`;
    case 'm:box':
    case 'm:borderBox':
    case 'm:groupChr':
    case 'm:phant':
      return arg(kid(n, 'm:e'));
    case 'm:e':
    case 'm:oMath':
      return arg(n);
    default:
      // Properties (…Pr) and Word run wrappers carry no math.
      return n.name.endsWith('Pr') || n.name.startsWith('w:') ? '' : arg(n);
  }
}

/** LaTeX of one m:oMath element (no delimiters), through the allowlist of commands (safeTex). */
export function ommlToLatex(oMath: XNode): string {
  return safeTex(toLatex(oMath).replace(/\s+/g, ' ').trim());
}
