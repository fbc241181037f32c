// Text comparison for the compare screen: tokens (words, and one token per CJK character), an LCS word
// diff of two texts, and a cheap similarity (character-bigram Dice) for matching blocks. Pure.

export type DiffOp = { op: 'same' | 'del' | 'ins'; text: string };

/** CJK ideographs, kana and Hangul: each character is a token (these scripts do not space words). */
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}\p{M}_'’-]+|\s+|[^\s\p{L}\p{N}]/gu;

/** Splits text into diff tokens: words, single CJK characters, runs of whitespace, single marks. */
export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** Text as compared: HTML tags, Markdown marks and image links dropped, whitespace collapsed, NFC. */
export function plainText(content: string): string {
  // Most blocks hold plain text: only whitespace to collapse.
  if (!/[<>&*_!#+\-\n]/.test(content)) return content.normalize('NFC').replace(/\s+/g, ' ').trim();
  return content
    .normalize('NFC')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/<[^>]{0,2000}>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/^ {0,3}(?:#{1,6}|>|[-*+])[ \t]+/gm, '')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Largest product of token counts diffed exactly; longer pairs diff their common ends only. */
const MAX_CELLS = 2_000_000;

function push(out: DiffOp[], op: DiffOp['op'], text: string): void {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.op === op) last.text += text;
  else out.push({ op, text });
}

/** Word diff of a → b (CJK by character): runs of same, deleted (only in a) and inserted (only in b). */
export function diffWords(a: string, b: string): DiffOp[] {
  const x = tokenize(a);
  const y = tokenize(b);
  let pre = 0;
  while (pre < x.length && pre < y.length && x[pre] === y[pre]) pre++;
  let suf = 0;
  while (suf < x.length - pre && suf < y.length - pre && x[x.length - 1 - suf] === y[y.length - 1 - suf]) suf++;
  const out: DiffOp[] = [];
  push(out, 'same', x.slice(0, pre).join(''));
  const xs = x.slice(pre, x.length - suf);
  const ys = y.slice(pre, y.length - suf);
  const n = xs.length;
  const m = ys.length;
  if (n * m > MAX_CELLS) {
    push(out, 'del', xs.join(''));
    push(out, 'ins', ys.join(''));
  } else {
    // lcs[i][j]: length of the LCS of xs[i..] and ys[j..], one flat array.
    const w = m + 1;
    const lcs = new Uint32Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * w + j] =
          xs[i] === ys[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (xs[i] === ys[j]) {
        push(out, 'same', xs[i++]!);
        j++;
      } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) push(out, 'del', xs[i++]!);
      else push(out, 'ins', ys[j++]!);
    }
    while (i < n) push(out, 'del', xs[i++]!);
    while (j < m) push(out, 'ins', ys[j++]!);
  }
  push(out, 'same', x.slice(x.length - suf).join(''));
  return out;
}

/** A text's character bigrams (lower case, whitespace dropped) with their counts, for similarity. */
export interface Profile {
  /** Bigram (two UTF-16 units as one number) → count. */
  grams: Map<number, number>;
  size: number;
}

export function profile(text: string): Profile {
  const t = text.toLowerCase().replace(/\s+/g, '');
  const grams = new Map<number, number>();
  if (t.length === 1) grams.set(t.charCodeAt(0), 1);
  for (let i = 0; i + 1 < t.length; i++) {
    const g = t.charCodeAt(i) * 65536 + t.charCodeAt(i + 1);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return { grams, size: Math.max(t.length - 1, t.length === 1 ? 1 : 0) };
}

/** The most two profiles of these sizes can share (Dice), known before comparing them. */
export const diceBound = (x: Profile, y: Profile): number =>
  x.size + y.size === 0 ? 1 : (2 * Math.min(x.size, y.size)) / (x.size + y.size);

/** Dice coefficient of two profiles in [0, 1]. */
export function dice(x: Profile, y: Profile): number {
  if (x.size + y.size === 0) return 1;
  const [small, large] = x.grams.size <= y.grams.size ? [x, y] : [y, x];
  let both = 0;
  for (const [k, v] of small.grams) both += Math.min(v, large.grams.get(k) ?? 0);
  return (2 * both) / (x.size + y.size);
}

/** Similarity of two texts in [0, 1]: Dice coefficient of their character bigrams (whitespace and case ignored). */
export function similarity(a: string, b: string): number {
  return a === b ? 1 : dice(profile(a), profile(b));
}
