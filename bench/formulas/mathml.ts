// Writes a formula tree (tex-tree.ts) as presentation MathML for LibreOffice Math, with a rough size in
// ems: LibreOffice scales a formula object to its frame, and a flat ODT has to give the frame's size.
import type { Tex } from './tex-tree.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A MathML node and its rough width and height in ems. */
interface Node {
  x: string;
  w: number;
  h: number;
}
const m = (tag: string, w: number, h: number, ...kids: Node[]): Node => ({
  x: `<math:${tag}>${kids.map((k) => k.x).join('')}</math:${tag}>`,
  w,
  h,
});
const sum = (ns: Node[]) => ns.reduce((a, n) => a + n.w, 0);
const tall = (ns: Node[]) => Math.max(1.2, ...ns.map((n) => n.h));

function node(t: Tex): Node {
  switch (t.k) {
    case 'mi':
      return { x: `<math:mi>${esc(t.text)}</math:mi>`, w: t.text.length > 1 ? 0.5 * t.text.length + 0.3 : 0.6, h: 1.2 };
    case 'mn':
      return { x: `<math:mn>${t.text}</math:mn>`, w: 0.5 * t.text.length, h: 1.2 };
    case 'mo':
      return t.big
        ? { x: `<math:mo>${t.text}</math:mo>`, w: 1.2, h: 2 }
        : {
            x: `<math:mo stretchy="false">${esc(t.text)}</math:mo>`,
            w: /[=<>≤≥≠]/.test(t.text) ? 1.1 : /[+\-±−→]/.test(t.text) ? 0.9 : 0.4,
            h: 1.2,
          };
    case 'row': {
      const kids = t.kids.map(node);
      return m('mrow', sum(kids), tall(kids), ...kids);
    }
    case 'frac': {
      const a = node(t.num),
        b = node(t.den);
      return m('mfrac', Math.max(a.w, b.w) + 0.3, a.h + b.h, a, b);
    }
    case 'sqrt': {
      const a = node(t.body);
      return m('msqrt', a.w + 1, a.h + 0.2, a);
    }
    case 'scripts': {
      const base = node(t.base),
        sub = t.sub && node(t.sub),
        sup = t.sup && node(t.sup);
      const s = 0.7 * Math.max(sub?.w ?? 0, sup?.w ?? 0),
        w = t.limits ? Math.max(base.w, s) : base.w + s;
      const h = base.h + (t.limits ? 0.8 : 0.3) * ((sub ? 1 : 0) + (sup ? 1 : 0));
      if (sub && sup) return m(t.limits ? 'munderover' : 'msubsup', w, h, base, sub, sup);
      return sub ? m(t.limits ? 'munder' : 'msub', w, h, base, sub) : m(t.limits ? 'mover' : 'msup', w, h, base, sup!);
    }
    case 'matrix': {
      const rows = t.rows.map((r) =>
        r.map((c) => {
          const n = node(c);
          return m('mtd', n.w, n.h, n);
        }),
      );
      const table = m(
        'mtable',
        Math.max(...rows.map(sum)) + 1,
        1.3 * rows.length,
        ...rows.map((r) => m('mtr', sum(r), tall(r), ...r)),
      );
      const paren = (p: string): Node => ({ x: `<math:mo>${p}</math:mo>`, w: 0.5, h: table.h });
      return m('mrow', table.w + 1, table.h, paren('('), table, paren(')'));
    }
  }
}

/** MathML (namespace prefix `math:`, as in ODF) of a formula, and its rough size in ems. */
export function toMathML(t: Tex, display: boolean): { xml: string; em: number; emHigh: number } {
  const row = node(t);
  return {
    xml: `<math:math xmlns:math="http://www.w3.org/1998/Math/MathML" display="${display ? 'block' : 'inline'}"><math:semantics>${row.x}</math:semantics></math:math>`,
    em: row.w,
    emHigh: row.h,
  };
}
