// Translates the bench's LaTeX subset (cases.ts) into presentation MathML for LibreOffice Math: scripts,
// \frac, \sqrt, big operators and \lim with limits under/over, Greek letters, relations, function names,
// pmatrix. Not a general converter: an unknown command throws, so a new case cannot pass silently.

const GREEK: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ϵ', varepsilon: 'ε', theta: 'θ', kappa: 'κ', lambda: 'λ', mu: 'μ',
  pi: 'π', rho: 'ρ', sigma: 'σ', phi: 'φ', omega: 'ω', Delta: 'Δ', Phi: 'Φ', Sigma: 'Σ', Omega: 'Ω',
};
const OPS: Record<string, string> = {
  pm: '±', leq: '≤', geq: '≥', neq: '≠', cdot: '⋅', to: '→', infty: '∞', partial: '∂', nabla: '∇', times: '×', approx: '≈', in: '∈',
};
const BIG: Record<string, string> = { sum: '∑', prod: '∏', int: '∫' };
const FUNCS = new Set(['sin', 'cos', 'tan', 'log', 'exp', 'lim', 'max', 'min']);

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const m = (tag: string, ...kids: string[]) => `<math:${tag}>${kids.join('')}</math:${tag}>`;

class Parser {
  private toks: string[];
  private at = 0;
  constructor(tex: string) {
    this.toks = tex.match(/\\(?:begin|end)\{\w+\}|\\[a-zA-Z]+|\\\\|\\.|\d+(\.\d+)?|\S/g) ?? [];
  }
  private peek(): string | undefined { return this.toks[this.at]; }
  private next(): string {
    const t = this.toks[this.at++];
    if (t === undefined) throw new Error('unexpected end of formula');
    return t;
  }
  /** Nodes up to a closing brace, a cell or row end, \end or the end. */
  seq(): string[] {
    const out: string[] = [];
    while (this.peek() !== undefined && !['}', '&', '\\\\'].includes(this.peek()!) && !this.peek()!.startsWith('\\end')) out.push(this.scripted());
    return out;
  }
  private arg(): string {
    if (this.peek() !== '{') return this.base().node;
    this.next();
    const kids = this.seq();
    this.next(); // }
    return kids.length === 1 ? kids[0] : m('mrow', ...kids);
  }
  private base(): { node: string; limits: boolean } {
    const t = this.next();
    if (t === '{') { const kids = this.seq(); this.next(); return { node: m('mrow', ...kids), limits: false }; }
    if (/^\d/.test(t)) return { node: m('mn', t), limits: false };
    if (/^[a-zA-Z]$/.test(t)) return { node: m('mi', t), limits: false };
    if (!t.startsWith('\\')) return { node: `<math:mo stretchy="false">${esc(t)}</math:mo>`, limits: false };
    const name = t.slice(1);
    if (name === 'frac') return { node: m('mfrac', this.arg(), this.arg()), limits: false };
    if (name === 'sqrt') return { node: m('msqrt', this.arg()), limits: false };
    if (name === 'begin{pmatrix}') return { node: this.matrix(), limits: false };
    if (GREEK[name]) return { node: m('mi', GREEK[name]), limits: false };
    if (OPS[name]) return { node: m('mo', OPS[name]), limits: false };
    if (BIG[name]) return { node: m('mo', BIG[name]), limits: name !== 'int' };
    if (FUNCS.has(name)) return { node: m('mi', name), limits: name === 'lim' };
    throw new Error(`mathml.ts does not know \\${name}`);
  }
  private scripted(): string {
    const { node, limits } = this.base();
    let sub: string | null = null, sup: string | null = null;
    while (this.peek() === '^' || this.peek() === '_') {
      if (this.next() === '^') sup = this.arg(); else sub = this.arg();
    }
    if (sub && sup) return m(limits ? 'munderover' : 'msubsup', node, sub, sup);
    if (sub) return m(limits ? 'munder' : 'msub', node, sub);
    if (sup) return m(limits ? 'mover' : 'msup', node, sup);
    return node;
  }
  private matrix(): string {
    const rows: string[][] = [[]];
    for (;;) {
      rows[rows.length - 1].push(m('mtd', ...this.seq()));
      const t = this.next();
      if (t === '\\\\') rows.push([]);
      else if (t.startsWith('\\end')) break;
    }
    return m('mrow', m('mo', '('), m('mtable', ...rows.map((r) => m('mtr', ...r))), m('mo', ')'));
  }
}

/** MathML (namespace prefix `math:`, as in ODF) of one formula of the subset. */
export function toMathML(tex: string, display: boolean): string {
  const kids = new Parser(tex).seq();
  return `<math:math xmlns:math="http://www.w3.org/1998/Math/MathML" display="${display ? 'block' : 'inline'}"><math:semantics>${m('mrow', ...kids)}</math:semantics></math:math>`;
}
