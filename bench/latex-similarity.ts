// LaTeX similarity of a formula read back against its truth, as the formula bars score it: both sides
// normalised (no spaces, `$` fences, `\tag{…}`, `\left`/`\right`/`\big…`, spacing commands, font wrappers
// such as \mathrm, synonyms like \le/\leq, braces around a single token), then 1 − edit distance / longer
// length on the code points (score.mjs). `strictSimilarity` drops only spaces, `$` and `\tag{…}`.

interface Score {
  similarity(a: string, b: string): number;
}
const score = (await import(new URL('../../shared/tools/score.mjs', import.meta.url).href)) as Score;

/** Commands (and chars) that change nothing of what a formula says. */
const DROP = new Set([
  '\\left',
  '\\right',
  '\\big',
  '\\Big',
  '\\bigg',
  '\\Bigg',
  '\\bigl',
  '\\bigr',
  '\\Bigl',
  '\\Bigr',
  '\\biggl',
  '\\biggr',
  '\\,',
  '\\;',
  '\\:',
  '\\!',
  '\\ ',
  '\\quad',
  '\\qquad',
  '\\displaystyle',
  '\\textstyle',
  '\\nonumber',
  '\\notag',
  '~',
  '$',
]);
/** Font and text wrappers whose argument stays. */
const WRAP = new Set(['\\mathrm', '\\mathit', '\\text', '\\textrm', '\\operatorname', '\\rm', '\\it']);
const SAME: Record<string, string> = {
  '\\le': '\\leq',
  '\\ge': '\\geq',
  '\\ne': '\\neq',
  '\\rightarrow': '\\to',
  '\\dfrac': '\\frac',
  '\\tfrac': '\\frac',
  '\\lbrace': '\\{',
  '\\rbrace': '\\}',
  '\\vert': '|',
  '\\mid': '|',
  '\\lvert': '|',
  '\\rvert': '|',
  '\\lt': '<',
  '\\gt': '>',
  '\\dots': '\\ldots',
  '\\ast': '*',
  '\\lbrack': '[',
  '\\rbrack': ']',
  '\\langle': '⟨',
  '\\rangle': '⟩',
};

/** Tokens of a formula: commands, escaped chars, single chars (no spaces). */
export const texTokens = (tex: string): string[] => tex.match(/\\[a-zA-Z]+\*?|\\.|\S/g) ?? [];

/** Drops `\tag{…}` / `\tag*{…}` (with their group) from a token list. */
function dropTags(t: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < t.length; i++) {
    if ((t[i] === '\\tag' || t[i] === '\\tag*') && t[i + 1] === '{') {
      let depth = 0;
      for (i++; i < t.length; i++)
        if (t[i] === '{') depth++;
        else if (t[i] === '}' && --depth === 0) break;
      continue;
    }
    out.push(t[i]);
  }
  return out;
}

/** The normal form both sides are compared in. */
export function normaliseTex(tex: string): string {
  let t = dropTags(texTokens(tex.replace(/^\s*(\$\$|\\\[)|(\$\$|\\\])\s*$/g, '')))
    .filter((x) => !DROP.has(x))
    .map((x) => SAME[x] ?? x);
  // Wrappers go with their braces; then braces around one token (or nothing) go, until none is left.
  for (let i = 0; i < t.length; i++) if (WRAP.has(t[i])) t.splice(i--, 1);
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < t.length; i++) {
      if (t[i] !== '{') continue;
      if (t[i + 1] === '}') {
        t.splice(i, 2);
        changed = true;
      } else if (t[i + 2] === '}' && t[i + 1] !== '{') {
        t = [...t.slice(0, i), t[i + 1], ...t.slice(i + 3)];
        changed = true;
      }
    }
  }
  return t.join('');
}

/** Similarity in [0, 1] of a formula read back against its truth, after normalisation. */
export const texSimilarity = (got: string, truth: string): number =>
  score.similarity(normaliseTex(got), normaliseTex(truth));

/** The bar's literal reading: only spaces, `$` fences and `\tag{…}` ignored. */
export const strictSimilarity = (got: string, truth: string): number => {
  const strip = (s: string) => dropTags(texTokens(s)).join('').replace(/\$/g, '');
  return score.similarity(strip(got), strip(truth));
};
