// LaTeX of a display formula set on several text lines, from where its glyphs sit: the main row is the
// line on the formula's axis; a short rule with glyphs above and below is a fraction (\frac), one that
// starts at a radical sign a root (\sqrt); glyphs over and under a big operator or `lim` are its limits;
// a horizontal brace takes what it spans and its label (\underbrace); other glyphs above or below the
// axis are scripts. Works recursively inside numerators, roots and limits (delimiters and matrices:
// formula-delimiters.ts).
import type { RawLine, Rect } from '../../raw.ts';
import { latexOf, lineTex, LO_MARK, negations } from './formulas.ts';
import { delimiters, guessBig, matrices, rootOf } from './formula-delimiters.ts';
import { cx, cy, type Glyph, type Item } from './glyphs.ts';

/** Operators that take limits over and under them in display style; `lim`-like words do too. */
const BIG = /[∑∏∐⋃⋂⋁⋀⨁⨂]/;
const INTEGRAL = /[∫∮∬∭∯∰∱∲∳]/;
const LIMIT_WORD = /lim|max|min|sup|inf/g;
const RELATION = /[=<>≤≥≠≈≡∼∝∈⊂⊆→⇒]/;
/** Horizontal braces under / over part of a formula (\underbrace, \overbrace), their label beyond them. */
const UNDER = /[⏟︸]/,
  OVER = /[⏞︷]/;

/** LaTeX of the glyphs with the rules (fraction bars, root overlines) among them; `names`: function names
 * as commands (not inside limits and scripts, where "max" is a label). */
export function layoutTex(glyphs: Glyph[], rules: Rect[], names = true): string {
  // (LibreOffice's marks for an empty slot and for what it could not read are never content.)
  const gs = delimiters(negations(glyphs.filter((g) => !LO_MARK.test(g.ch))), rules);
  if (!gs.length) return '';
  // Main row: the line with most full-size glyphs (size counted twice, relations thrice), and every line on its axis.
  const score = new Map<number, number>();
  // (A big operator's glyph is set larger than the formula: it neither makes the row nor gives its size.)
  const op = (g: Glyph) => BIG.test(guessBig(g)) || INTEGRAL.test(g.ch) || UNDER.test(g.ch) || OVER.test(g.ch);
  // (Limits are set smaller: only glyphs near the largest letter or digit count; tall delimiters and braces grow.)
  const top = Math.max(0, ...gs.filter((g) => !g.script && !op(g) && /[\p{L}\p{N}]/u.test(g.ch)).map((g) => g.size));
  for (const g of gs)
    if (!g.script && !op(g) && g.size >= 0.8 * top)
      score.set(g.line, (score.get(g.line) ?? 0) + g.size * g.size * (RELATION.test(g.ch) ? 3 : 1));
  const mainLine = [...score.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? gs[0].line;
  const ml = gs.filter((g) => g.line === mainLine && !op(g)).length
    ? gs.filter((g) => g.line === mainLine && !op(g))
    : gs.filter((g) => g.line === mainLine);
  const size = Math.max(...ml.map((g) => g.size)),
    ay0 = Math.min(...ml.map((g) => g.y0)),
    ay1 = Math.max(...ml.map((g) => g.y1));
  // Big operators' glyphs hang below the line their font size gives: on the axis when they touch it.
  // A relation whose line runs through the axis's centre is on it whatever its line's size says (a line
  // cut from a script and a big operator takes the script's size); limits' lines lie above or below it
  // (so does a full-size delimiter that overlaps it: a tall one's glyph hangs low, never a limit or script;
  // and a glyph standing on the main baseline: scripts and limits sit off it, whatever size their line says).
  const onAxis = (g: Glyph) =>
    (g.size >= 0.75 * size && cy(g) > ay0 && cy(g) < ay1) ||
    (!g.script && op(g) && g.y1 > ay0 - 0.5 * size && g.y0 < ay1 + 0.5 * size) ||
    (!g.script && RELATION.test(g.ch) && g.y0 < (ay0 + ay1) / 2 && g.y1 > (ay0 + ay1) / 2) ||
    (!g.script && /[()[\]{}|]/.test(g.ch) && g.size >= 0.75 * size && g.y0 < ay1 && g.y1 > ay0) ||
    (!g.script && Math.abs(g.y1 - ay1) < 0.1 * size && g.y1 - g.y0 > 0.5 * size);
  const used = new Set<Glyph>(),
    items: Item[] = matrices(gs, rules, size, names, layoutTex);
  for (const m of items) for (const g of m.glyphs!) used.add(g);
  // Rules on this level, widest first; a rule inside a wider one is left to the recursion.
  const mine = rules
    .filter((r) => (r[1] + r[3]) / 2 > ay0 - 0.8 * size && (r[1] + r[3]) / 2 < ay1 + 0.4 * size)
    .sort((a, b) => b[2] - b[0] - (a[2] - a[0]));
  const done: Rect[] = [];
  for (const r of mine) {
    if (done.some((d) => r[0] >= d[0] - 1 && r[2] <= d[2] + 1)) continue;
    const ry = (r[1] + r[3]) / 2;
    const inner = rules.filter((q) => q !== r && q[0] >= r[0] - 1 && q[2] <= r[2] + 1);
    const root = gs.find((g) => !used.has(g) && rootOf(g, r, size));
    const claimed = gs.filter(
      (g) =>
        !used.has(g) && g !== root && cx(g) >= r[0] - 0.5 && cx(g) <= r[2] + 0.5 && Math.abs(cy(g) - ry) < 3 * size,
    );
    // A radical sign sits with the overline it starts (its own centre says little: it hangs low).
    const up = (g: Glyph) => {
      const q = inner.find((o) => rootOf(g, o, size));
      return q ? (q[1] + q[3]) / 2 < ry : cy(g) < ry;
    };
    let above = claimed.filter(up),
      below = claimed.filter((g) => !up(g));
    // A numerator set on the main row's line (the bar through that line's box): split at the widest
    // vertical gap between the claimed glyphs' rows (a numerator's own exponent is nearer to it).
    if (!root && (!above.length || !below.length)) {
      const ys = [...new Set(claimed.map(cy))].sort((a, b) => a - b);
      let cut = -1;
      for (let i = 1; i < ys.length; i++)
        if (ys[i] - ys[i - 1] > 0.3 * size && (cut < 0 || ys[i] - ys[i - 1] > ys[cut] - ys[cut - 1])) cut = i;
      if (cut > 0) [above, below] = [claimed.filter((g) => cy(g) < ys[cut]), claimed.filter((g) => cy(g) >= ys[cut])];
      // Lines whose boxes say nothing (tall delimiters in them): the numerator is drawn first, the
      // denominator from where x steps back (a glyph starting under the first third of the one before).
      const back = claimed.findIndex(
        (g, i) => i > 0 && g.x0 < claimed[i - 1].x0 + 0.3 * (claimed[i - 1].x1 - claimed[i - 1].x0),
      );
      if ((!above.length || !below.length) && back > 0) [above, below] = [claimed.slice(0, back), claimed.slice(back)];
    }
    const side = (up: boolean) => inner.filter((q) => (q[1] + q[3]) / 2 < ry === up);
    let tex: string;
    if (root && below.length) tex = `\\sqrt{${layoutTex(claimed, inner)}}`;
    else if (above.length && below.length && centred(above, r) && centred(below, r))
      tex = `\\frac{${layoutTex(above, side(true))}}{${layoutTex(below, side(false))}}`;
    else if (below.length && !above.length) tex = `\\overline{${layoutTex(below, inner)}}`;
    else continue;
    for (const g of root && below.length ? [...claimed, root] : claimed) used.add(g);
    done.push(r);
    items.push({ x: root && below.length ? root.x0 : r[0], tex });
  }
  // A horizontal brace takes the glyphs across its width: its label beyond it, the rest what it spans
  // (an overbrace's label set over it with \overset, as Word's equations convert).
  for (const b of gs.filter((g) => !used.has(g) && (UNDER.test(g.ch) || OVER.test(g.ch)))) {
    const under = UNDER.test(b.ch),
      span = gs.filter((g) => g !== b && !used.has(g) && cx(g) >= b.x0 && cx(g) <= b.x1);
    const label = span.filter((g) => (under ? g.y0 >= b.y1 - 1 : g.y1 <= b.y0 + 1)),
      body = span.filter((g) => !label.includes(g));
    if (!body.length) continue;
    for (const g of [b, ...span]) used.add(g);
    const inner = layoutTex(
        body,
        rules.filter((r) => r[0] >= b.x0 - 1 && r[2] <= b.x1 + 1),
        names,
      ),
      lab = layoutTex(label.map(flat), [], false);
    items.push({
      x: b.x0,
      tex: under ? `\\underbrace{${inner}}_{${lab}}` : `\\overset{${lab}}{\\overbrace{${inner}}}`,
    });
  }
  // Big operators and lim-like words on the axis take the glyphs over and under them as limits.
  const axis = gs.filter((g) => !used.has(g) && onAxis(g) && !g.script).sort((a, b) => a.x0 - b.x0);
  const ops: { x0: number; x1: number; glyphs: Glyph[]; name: string; integral: boolean }[] = [];
  for (const g of axis) {
    const ch = guessBig(g);
    if (BIG.test(ch) || INTEGRAL.test(ch))
      ops.push({ x0: g.x0, x1: g.x1, glyphs: [g], name: latexOf(lineOf([{ ...g, ch }])), integral: INTEGRAL.test(ch) });
  }
  const text = axis.map((g) => g.ch).join('');
  for (const m of text.matchAll(LIMIT_WORD)) {
    const w = axis.slice(m.index, m.index + m[0].length);
    // (Not inside a word: a letter touching it on either side.)
    const before = axis[m.index - 1],
      after = axis[m.index + m[0].length];
    if (
      (before && /[A-Za-z]/.test(before.ch) && w[0].x0 - before.x1 < 0.15 * size) ||
      (after && /[A-Za-z]/.test(after.ch) && after.x0 - w[w.length - 1].x1 < 0.15 * size)
    )
      continue;
    ops.push({ x0: w[0].x0, x1: w[w.length - 1].x1, glyphs: w, name: `\\${m[0]}`, integral: false });
  }
  for (const op of ops) {
    const reach = op.integral ? [op.x0, op.x1 + 0.8 * size] : [op.x0 - 0.4 * size, op.x1 + 0.4 * size];
    const lim = gs.filter(
      (g) =>
        !used.has(g) && !op.glyphs.includes(g) && (!onAxis(g) || g.script) && cx(g) >= reach[0] && cx(g) <= reach[1],
    );
    const oy = (op.glyphs[0].y0 + op.glyphs[0].y1) / 2;
    const under = lim.filter((g) => cy(g) > oy || g.script === '_'),
      over = lim.filter((g) => !under.includes(g));
    if (!under.length && !over.length) continue;
    for (const g of [...lim, ...op.glyphs]) used.add(g);
    const sub = under.length ? `_{${layoutTex(under.map(flat), [], false)}}` : '',
      sup = over.length ? `^{${layoutTex(over.map(flat), [], false)}}` : '';
    items.push({ x: op.x0, tex: op.name.trim() + sub + sup });
  }
  // The rest of the main row as it reads; glyphs off the axis are scripts of what precedes them.
  const rest = gs.filter((g) => !used.has(g)).sort((a, b) => a.x0 - b.x0);
  const off = rest.filter((g) => !onAxis(g));
  // (A script set under or over the middle of a word, as a name's limit, follows the whole word.)
  const letters = rest.filter((g) => onAxis(g) && /\p{L}/u.test(g.ch));
  const wordEnd = (x: number) => {
    let i = letters.findIndex((a) => a.x0 <= x && a.x1 > x);
    if (i < 0) return x;
    while (letters[i + 1] && letters[i + 1].line === letters[i].line && letters[i + 1].x0 - letters[i].x1 < 0.15 * size)
      i++;
    return (letters[i].x0 + letters[i].x1) / 2;
  };
  // (A smaller script right after one on its side is that script's own: e^{-x^{2}}, laid out inside it.)
  const side = (g: Glyph) => cy(g) < (ay0 + ay1) / 2,
    big = (gs: Glyph[]) => Math.max(...gs.map((g) => g.size));
  const groups = runs(off, null).reduce<Glyph[][]>((out, g) => {
    const last = out[out.length - 1],
      prev = last?.[last.length - 1];
    if (prev && side(prev) === side(g[0]) && g[0].x0 - prev.x1 < 0.3 * size && big(g) < big(last)) last.push(...g);
    else out.push(g);
    return out;
  }, []);
  for (const group of groups) {
    const up = side(group[0]),
      tex = layoutTex(group.map(flat), [], false);
    if (tex) items.push({ x: wordEnd(group[0].x0), tex: `${up ? '^' : '_'}{${tex}}`, attach: true });
  }
  for (const run of runs(
    rest.filter(onAxis),
    items.map((i) => i.x),
  ))
    items.push({ x: run[0].x0, tex: lineTex(lineOf(run), names) });
  items.sort((a, b) => a.x - b.x);
  return items
    .map((i, k) => (k && !i.attach ? ' ' : '') + i.tex)
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** A numerator or denominator: centred on its bar, and not much wider than it. */
function centred(gs: Glyph[], r: Rect): boolean {
  const x0 = Math.min(...gs.map((g) => g.x0)),
    x1 = Math.max(...gs.map((g) => g.x1)),
    w = r[2] - r[0];
  return Math.abs((x0 + x1) / 2 - (r[0] + r[2]) / 2) < 0.25 * w + 1 && x1 - x0 < w + 4;
}

/** A glyph moved down to its own row (in a limit or script, its flags no longer say where it sits). */
const flat = (g: Glyph): Glyph => ({ ...g, script: '' });

/** Runs of glyphs (sorted by x): split where another item (at `cuts`) comes between two; with no cuts
 * (null), glyphs of one line close to each other. */
function runs(gs: Glyph[], cuts: number[] | null): Glyph[][] {
  const out: Glyph[][] = [];
  for (const g of gs) {
    const last = out[out.length - 1],
      prev = last?.[last.length - 1];
    const joins =
      prev &&
      (cuts ? !cuts.some((c) => c > prev.x0 && c <= g.x0) : prev.line === g.line && g.x0 - prev.x1 < 0.8 * g.size);
    if (joins) last.push(g);
    else out.push([g]);
  }
  return out;
}

/** A run of glyphs as a line for latexOf (its raised / lowered chars as scripts). */
function lineOf(gs: Glyph[]): RawLine {
  const text = gs.map((g) => guessBig(g)).join('');
  const idx = (s: Glyph['script']) => gs.flatMap((g, i) => (g.script === s ? [i] : []));
  return {
    text,
    cx0: gs.map((g) => g.x0),
    cx1: gs.map((g) => g.x1),
    bbox: [gs[0].x0, gs[0].y0, gs[gs.length - 1].x1, gs[0].y1],
    size: gs[0].size,
    bold: 0,
    italic: 0,
    mono: 0,
    font: '',
    rotated: false,
    rtl: false,
    sup: idx('^'),
    sub: idx('_'),
  };
}
