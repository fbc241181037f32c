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
/** A MathML node and its rough width and height in ems (to size the formula's frame as LibreOffice would). */
interface Node { x: string; w: number; h: number }
const m = (tag: string, w: number, h: number, ...kids: Node[]): Node => ({ x: `<math:${tag}>${kids.map((k) => k.x).join('')}</math:${tag}>`, w, h });
const leaf = (tag: string, text: string, w: number, h = 1.2): Node => ({ x: `<math:${tag}>${esc(text)}</math:${tag}>`, w, h });
const sum = (ns: Node[]) => ns.reduce((a, n) => a + n.w, 0);
const tall = (ns: Node[]) => Math.max(1.2, ...ns.map((n) => n.h));

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
  seq(): Node[] {
    const out: Node[] = [];
    while (this.peek() !== undefined && !['}', '&', '\\\\'].includes(this.peek()!) && !this.peek()!.startsWith('\\end')) out.push(this.scripted());
    return out;
  }
  private arg(): Node {
    if (this.peek() !== '{') return this.base().node;
    this.next();
    const kids = this.seq();
    this.next(); // }
    return kids.length === 1 ? kids[0] : m('mrow', sum(kids), tall(kids), ...kids);
  }
  private base(): { node: Node; limits: boolean } {
    const t = this.next();
    if (t === '{') { const kids = this.seq(); this.next(); return { node: m('mrow', sum(kids), tall(kids), ...kids), limits: false }; }
    if (/^\d/.test(t)) return { node: leaf('mn', t, 0.5 * t.length), limits: false };
    if (/^[a-zA-Z]$/.test(t)) return { node: leaf('mi', t, 0.55), limits: false };
    if (!t.startsWith('\\')) return { node: { x: `<math:mo stretchy="false">${esc(t)}</math:mo>`, w: /[=<>]/.test(t) ? 1.1 : /[+-]/.test(t) ? 0.9 : 0.4, h: 1.2 }, limits: false };
    const name = t.slice(1);
    if (name === 'frac') { const a = this.arg(), b = this.arg(); return { node: m('mfrac', Math.max(a.w, b.w) + 0.3, a.h + b.h, a, b), limits: false }; }
    if (name === 'sqrt') { const a = this.arg(); return { node: m('msqrt', a.w + 1, a.h + 0.2, a), limits: false }; }
    if (name === 'begin{pmatrix}') return { node: this.matrix(), limits: false };
    if (GREEK[name]) return { node: leaf('mi', GREEK[name], 0.6), limits: false };
    if (OPS[name]) return { node: leaf('mo', OPS[name], 1), limits: false };
    if (BIG[name]) return { node: leaf('mo', BIG[name], 1.2, 2), limits: name !== 'int' };
    if (FUNCS.has(name)) return { node: leaf('mi', name, 0.5 * name.length + 0.3), limits: name === 'lim' };
    throw new Error(`mathml.ts does not know \\${name}`);
  }
  private scripted(): Node {
    const { node, limits } = this.base();
    let sub: Node | null = null, sup: Node | null = null;
    while (this.peek() === '^' || this.peek() === '_') {
      if (this.next() === '^') sup = this.arg(); else sub = this.arg();
    }
    const s = 0.7 * Math.max(sub?.w ?? 0, sup?.w ?? 0), w = limits ? Math.max(node.w, s) : node.w + s;
    const h = node.h + (limits ? 0.8 : 0.3) * ((sub ? 1 : 0) + (sup ? 1 : 0));
    if (sub && sup) return m(limits ? 'munderover' : 'msubsup', w, h, node, sub, sup);
    if (sub) return m(limits ? 'munder' : 'msub', w, h, node, sub);
    if (sup) return m(limits ? 'mover' : 'msup', w, h, node, sup);
    return node;
  }
  private matrix(): Node {
    const rows: Node[][] = [[]];
    for (;;) {
      const cell = this.seq();
      rows[rows.length - 1].push(m('mtd', sum(cell), tall(cell), ...cell));
      const t = this.next();
      if (t === '\\\\') rows.push([]);
      else if (t.startsWith('\\end')) break;
    }
    const table = m('mtable', Math.max(...rows.map((r) => sum(r))) + 1, 1.3 * rows.length, ...rows.map((r) => m('mtr', sum(r), tall(r), ...r)));
    return m('mrow', table.w + 1, table.h, leaf('mo', '(', 0.5), table, leaf('mo', ')', 0.5));
  }
}

/** MathML (namespace prefix `math:`, as in ODF) of one formula of the subset, and its rough size in ems. */
export function toMathML(tex: string, display: boolean): { xml: string; em: number; emHigh: number } {
  const kids = new Parser(tex).seq(), row = m('mrow', sum(kids), tall(kids), ...kids);
  return { xml: `<math:math xmlns:math="http://www.w3.org/1998/Math/MathML" display="${display ? 'block' : 'inline'}"><math:semantics>${row.x}</math:semantics></math:math>`, em: row.w, emHigh: row.h };
}
