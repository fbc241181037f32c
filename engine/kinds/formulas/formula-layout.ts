// LaTeX of a display formula set on several text lines, from where its glyphs sit: the main row is the
// line on the formula's axis; a short rule with glyphs above and below is a fraction (\frac), one that
// starts at a radical sign a root (\sqrt); glyphs over and under a big operator or `lim` are its limits;
// a horizontal brace takes what it spans and its label (\underbrace); other glyphs above or below the
// axis are scripts. Works recursively inside numerators, roots and limits (delimiters and matrices:
// formula-delimiters.ts).
import type { Rect } from '../../raw.ts';
import { latexOf, lineTex, LO_MARK, negations } from './formulas.ts';
import { delimiters, guessBig, matrices, rootOf } from './formula-delimiters.ts';
import { cx, cy, type Glyph, type Item } from './glyphs.ts';
import { centred, flat, lineOf, runs } from './layout-runs.ts';
import { LAYOUT } from './thresholds.ts';
import { BIG, INTEGRAL, LIMIT_WORD, mainRow, OVER, UNDER } from './layout-axis.ts';

/** LaTeX of the glyphs with the rules (fraction bars, root overlines) among them; `names`: function names
 * as commands (not inside limits and scripts, where "max" is a label). */
export function layoutTex(glyphs: Glyph[], rules: Rect[], names = true): string {
  // (LibreOffice's marks for an empty slot and for what it could not read are never content.)
  const gs = delimiters(negations(glyphs.filter((g) => !LO_MARK.test(g.ch))), rules);
  if (!gs.length) return '';
  const { size, ay0, ay1, onAxis } = mainRow(gs);
  const used = new Set<Glyph>(),
    items: Item[] = matrices(gs, rules, size, names, layoutTex);
  for (const m of items) for (const g of m.glyphs!) used.add(g);
  // Rules on this level, widest first; a rule inside a wider one is left to the recursion.
  const mine = rules
    .filter(
      (r) => (r[1] + r[3]) / 2 > ay0 - LAYOUT.ruleAbove * size && (r[1] + r[3]) / 2 < ay1 + LAYOUT.ruleBelow * size,
    )
    .sort((a, b) => b[2] - b[0] - (a[2] - a[0]));
  const done: Rect[] = [];
  for (const r of mine) {
    if (done.some((d) => r[0] >= d[0] - LAYOUT.ruleSlack && r[2] <= d[2] + LAYOUT.ruleSlack)) continue;
    const ry = (r[1] + r[3]) / 2;
    const inner = rules.filter((q) => q !== r && q[0] >= r[0] - LAYOUT.ruleSlack && q[2] <= r[2] + LAYOUT.ruleSlack);
    const root = gs.find((g) => !used.has(g) && rootOf(g, r, size));
    const claimed = gs.filter(
      (g) =>
        !used.has(g) &&
        g !== root &&
        cx(g) >= r[0] - LAYOUT.claimX &&
        cx(g) <= r[2] + LAYOUT.claimX &&
        Math.abs(cy(g) - ry) < LAYOUT.claimY * size,
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
        if (ys[i] - ys[i - 1] > LAYOUT.splitGap * size && (cut < 0 || ys[i] - ys[i - 1] > ys[cut] - ys[cut - 1]))
          cut = i;
      if (cut > 0) [above, below] = [claimed.filter((g) => cy(g) < ys[cut]), claimed.filter((g) => cy(g) >= ys[cut])];
      // Lines whose boxes say nothing (tall delimiters in them): the numerator is drawn first, the
      // denominator from where x steps back (a glyph starting under the first third of the one before).
      const back = claimed.findIndex(
        (g, i) => i > 0 && g.x0 < claimed[i - 1].x0 + LAYOUT.stepBack * (claimed[i - 1].x1 - claimed[i - 1].x0),
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
    const label = span.filter((g) => (under ? g.y0 >= b.y1 - LAYOUT.braceSlack : g.y1 <= b.y0 + LAYOUT.braceSlack)),
      body = span.filter((g) => !label.includes(g));
    if (!body.length) continue;
    for (const g of [b, ...span]) used.add(g);
    const inner = layoutTex(
        body,
        rules.filter((r) => r[0] >= b.x0 - LAYOUT.braceSlack && r[2] <= b.x1 + LAYOUT.braceSlack),
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
      (before && /[A-Za-z]/.test(before.ch) && w[0].x0 - before.x1 < LAYOUT.wordTouch * size) ||
      (after && /[A-Za-z]/.test(after.ch) && after.x0 - w[w.length - 1].x1 < LAYOUT.wordTouch * size)
    )
      continue;
    ops.push({ x0: w[0].x0, x1: w[w.length - 1].x1, glyphs: w, name: `\\${m[0]}`, integral: false });
  }
  for (const op of ops) {
    const reach = op.integral
      ? [op.x0, op.x1 + LAYOUT.integralReach * size]
      : [op.x0 - LAYOUT.opLimitReach * size, op.x1 + LAYOUT.opLimitReach * size];
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
    while (
      letters[i + 1] &&
      letters[i + 1].line === letters[i].line &&
      letters[i + 1].x0 - letters[i].x1 < LAYOUT.wordTouch * size
    )
      i++;
    return (letters[i].x0 + letters[i].x1) / 2;
  };
  // (A smaller script right after one on its side is that script's own: e^{-x^{2}}, laid out inside it.)
  const side = (g: Glyph) => cy(g) < (ay0 + ay1) / 2,
    big = (gs: Glyph[]) => Math.max(...gs.map((g) => g.size));
  const groups = runs(off, null).reduce<Glyph[][]>((out, g) => {
    const last = out[out.length - 1],
      prev = last?.[last.length - 1];
    if (prev && side(prev) === side(g[0]) && g[0].x0 - prev.x1 < LAYOUT.scriptChain * size && big(g) < big(last))
      last.push(...g);
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
