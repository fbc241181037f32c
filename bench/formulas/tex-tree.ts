// Parses the bench's LaTeX subset (cases.ts) into a small tree that mathml.ts and omml.ts write out:
// letters, numbers, operators, \frac, \sqrt, scripts (limits over/under for \sum, \prod, \lim), Greek
// letters, relations, function names, pmatrix. Not a general parser: an unknown command throws, so a new
// case cannot pass silently.

const GREEK: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ϵ',
  varepsilon: 'ε',
  theta: 'θ',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  phi: 'ϕ',
  omega: 'ω',
  Delta: 'Δ',
  Phi: 'Φ',
  Sigma: 'Σ',
  Omega: 'Ω',
};
const OPS: Record<string, string> = {
  pm: '±',
  leq: '≤',
  geq: '≥',
  neq: '≠',
  cdot: '⋅',
  to: '→',
  infty: '∞',
  partial: '∂',
  nabla: '∇',
  times: '×',
  approx: '≈',
  in: '∈',
};
const BIG: Record<string, string> = { sum: '∑', prod: '∏', int: '∫' };
const FUNCS = new Set(['sin', 'cos', 'tan', 'log', 'exp', 'lim', 'max', 'min']);

export type Tex =
  | { k: 'mi' | 'mn' | 'mo'; text: string; big?: boolean }
  | { k: 'row'; kids: Tex[] }
  | { k: 'frac'; num: Tex; den: Tex }
  | { k: 'sqrt'; body: Tex }
  | { k: 'scripts'; base: Tex; sub: Tex | null; sup: Tex | null; limits: boolean }
  | { k: 'matrix'; rows: Tex[][] };

class Parser {
  private toks: string[];
  private at = 0;
  constructor(tex: string) {
    this.toks = tex.match(/\\(?:begin|end)\{\w+\}|\\[a-zA-Z]+|\\\\|\\.|\d+(\.\d+)?|\S/g) ?? [];
  }
  private peek(): string | undefined {
    return this.toks[this.at];
  }
  private next(): string {
    const t = this.toks[this.at++];
    if (t === undefined) throw new Error('unexpected end of formula');
    return t;
  }
  /** Nodes up to a closing brace, a cell or row end, \end or the end. */
  seq(): Tex[] {
    const out: Tex[] = [];
    while (this.peek() !== undefined && !['}', '&', '\\\\'].includes(this.peek()!) && !this.peek()!.startsWith('\\end'))
      out.push(this.scripted());
    return out;
  }
  private group(): Tex {
    const kids = this.seq();
    this.next(); // }
    return kids.length === 1 ? kids[0] : { k: 'row', kids };
  }
  private arg(): Tex {
    if (this.peek() !== '{') return this.base().node;
    this.next();
    return this.group();
  }
  private base(): { node: Tex; limits: boolean } {
    const t = this.next();
    if (t === '{') return { node: this.group(), limits: false };
    if (/^\d/.test(t)) return { node: { k: 'mn', text: t }, limits: false };
    if (/^[a-zA-Z]$/.test(t)) return { node: { k: 'mi', text: t }, limits: false };
    if (!t.startsWith('\\')) return { node: { k: 'mo', text: t }, limits: false };
    const name = t.slice(1);
    if (name === 'frac') return { node: { k: 'frac', num: this.arg(), den: this.arg() }, limits: false };
    if (name === 'sqrt') return { node: { k: 'sqrt', body: this.arg() }, limits: false };
    if (name === 'begin{pmatrix}') return { node: this.matrix(), limits: false };
    if (GREEK[name]) return { node: { k: 'mi', text: GREEK[name] }, limits: false };
    if (OPS[name]) return { node: { k: 'mo', text: OPS[name] }, limits: false };
    if (BIG[name]) return { node: { k: 'mo', text: BIG[name], big: true }, limits: name !== 'int' };
    if (FUNCS.has(name)) return { node: { k: 'mi', text: name }, limits: name === 'lim' };
    throw new Error(`tex-tree.ts does not know \\${name}`);
  }
  private scripted(): Tex {
    const { node, limits } = this.base();
    let sub: Tex | null = null,
      sup: Tex | null = null;
    while (this.peek() === '^' || this.peek() === '_') {
      if (this.next() === '^') sup = this.arg();
      else sub = this.arg();
    }
    return sub || sup ? { k: 'scripts', base: node, sub, sup, limits } : node;
  }
  private matrix(): Tex {
    const rows: Tex[][] = [[]];
    for (;;) {
      const cell = this.seq();
      rows[rows.length - 1].push(cell.length === 1 ? cell[0] : { k: 'row', kids: cell });
      const t = this.next();
      if (t === '\\\\') rows.push([]);
      else if (t.startsWith('\\end')) break;
    }
    return { k: 'matrix', rows };
  }
}

/** The tree of one formula of the subset (a row). */
export const parseTex = (tex: string): Tex => ({ k: 'row', kids: new Parser(tex).seq() });
