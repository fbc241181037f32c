// Writes a formula tree (tex-tree.ts) as Office Math (OMML), as Word stores equations in a .docx:
// runs, fractions, radicals, n-ary operators with limits, scripts, lower limits (lim), matrices.
import type { Tex } from './tex-tree.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const run = (text: string, plain = false) =>
  `<m:r>${plain ? '<m:rPr><m:sty m:val="p"/></m:rPr>' : ''}<m:t>${esc(text)}</m:t></m:r>`;
const e = (t: Tex | null, tag = 'e') => (t ? `<m:${tag}>${omml(t)}</m:${tag}>` : `<m:${tag}/>`);

const isMo = (t: Tex | undefined, ch: string) => t?.k === 'mo' && t.text === ch;

/** A row whose parentheses are delimiter objects (m:d), as Word makes them: "(…)^{n}" scripts the whole. */
function delimited(kids: Tex[]): string {
  const open = kids.findIndex((c) => isMo(c, '('));
  let depth = 0,
    close = -1;
  for (let i = open; open >= 0 && i < kids.length; i++) {
    const c = kids[i],
      ch = c.k === 'scripts' ? c.base : c;
    if (isMo(ch, '(')) depth++;
    else if (isMo(ch, ')') && --depth === 0) {
      close = i;
      break;
    }
  }
  if (open < 0 || close < 0) return kids.map(omml).join('');
  const end = kids[close],
    d = `<m:d><m:e>${omml({ k: 'row', kids: kids.slice(open + 1, close) })}</m:e></m:d>`;
  const sub = end.k === 'scripts' ? end.sub : null,
    sup = end.k === 'scripts' ? end.sup : null;
  const wrapped =
    sub && sup
      ? `<m:sSubSup><m:e>${d}</m:e>${e(sub, 'sub')}${e(sup, 'sup')}</m:sSubSup>`
      : sup
        ? `<m:sSup><m:e>${d}</m:e>${e(sup, 'sup')}</m:sSup>`
        : sub
          ? `<m:sSub><m:e>${d}</m:e>${e(sub, 'sub')}</m:sSub>`
          : d;
  return kids.slice(0, open).map(omml).join('') + wrapped + delimited(kids.slice(close + 1));
}

/** An n-ary operator (∑, ∏, ∫ with limits) or a function with a lower limit (lim), over `body`. */
function operator(t: Extract<Tex, { k: 'scripts' }>, body: Tex | null): string {
  const { base, sub, sup } = t;
  if (base.k === 'mo' && base.big) {
    const chr = base.text === '∫' ? '' : `<m:chr m:val="${base.text}"/>`;
    const loc = `<m:limLoc m:val="${t.limits ? 'undOvr' : 'subSup'}"/>`;
    const hide = `${sub ? '' : '<m:subHide m:val="1"/>'}${sup ? '' : '<m:supHide m:val="1"/>'}`;
    return `<m:nary><m:naryPr>${chr}${loc}${hide}</m:naryPr>${e(sub, 'sub')}${e(sup, 'sup')}${e(body)}</m:nary>`;
  }
  return `<m:func><m:fName><m:limLow><m:e>${omml(base)}</m:e>${e(sub, 'lim')}</m:limLow></m:fName>${e(body)}</m:func>`;
}

/** OMML of a formula tree (the content of an m:oMath). */
export function omml(t: Tex): string {
  switch (t.k) {
    case 'mi':
      return run(t.text, t.text.length > 1);
    case 'mn':
    case 'mo':
      return run(t.text);
    case 'row': {
      // An n-ary operator or lim takes the rest of the row as its operand, as Word sets it.
      const k = t.kids.findIndex((c) => c.k === 'scripts' && (c.limits || (c.base.k === 'mo' && !!c.base.big)));
      if (k < 0) return delimited(t.kids);
      const rest: Tex = { k: 'row', kids: t.kids.slice(k + 1) };
      return delimited(t.kids.slice(0, k)) + operator(t.kids[k] as Extract<Tex, { k: 'scripts' }>, rest);
    }
    case 'frac':
      return `<m:f>${e(t.num, 'num')}${e(t.den, 'den')}</m:f>`;
    case 'sqrt':
      return `<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/>${e(t.body)}</m:rad>`;
    case 'scripts': {
      const { base, sub, sup } = t;
      if (t.limits || (base.k === 'mo' && base.big)) return operator(t, null);
      if (sub && sup) return `<m:sSubSup>${e(base)}${e(sub, 'sub')}${e(sup, 'sup')}</m:sSubSup>`;
      return sub ? `<m:sSub>${e(base)}${e(sub, 'sub')}</m:sSub>` : `<m:sSup>${e(base)}${e(sup, 'sup')}</m:sSup>`;
    }
    case 'matrix': {
      const rows = t.rows.map((r) => `<m:mr>${r.map((c) => e(c)).join('')}</m:mr>`).join('');
      return `<m:d><m:dPr><m:begChr m:val="("/><m:endChr m:val=")"/></m:dPr><m:e><m:m>${rows}</m:m></m:e></m:d>`;
    }
  }
}
