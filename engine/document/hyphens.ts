// Words hyphenated at a line end: the page analysis joins "dual-" + "encoder" with a soft hyphen (U+00AD)
// where the hyphen stood, and the assembly, which sees the whole document, decides: a compound the
// document also writes with its hyphen mid-line ("dual-encoder", "fine-tuned") keeps it; any other word is
// mended ("infor-" + "mation" → "information").

/** Marks a line-end hyphen the assembly decides on. */
const SOFT_HYPHEN = '\u00ad';

const LETTER = /[\p{L}\p{M}]/u;
/** A hyphenated run of words; the lookbehind (a match never starts mid-word anyway) spares the regex
 * engine a try at every letter. */
const COMPOUND = /(?<![\p{L}\p{M}])[\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)+/gu;

const key = (a: string, b: string): string => `${a}-${b}`.normalize('NFKC').toLowerCase();

/** The hyphenated pairs ("dual-encoder"; "state-of", "of-the", "the-art") written mid-line in these texts. */
export function hyphenPairs(texts: Iterable<string>): Set<string> {
  const pairs = new Set<string>();
  for (const t of texts) {
    if (!t.includes('-')) continue;
    for (const m of t.matchAll(COMPOUND)) {
      const parts = m[0].split('-');
      for (let i = 0; i + 1 < parts.length; i++) pairs.add(key(parts[i]!, parts[i + 1]!));
    }
  }
  return pairs;
}

/** Resolves the soft hyphens of a text: the document's own compounds keep their hyphen, other words join.
 * Each soft hyphen with letters on both sides is read with the words around it (what a global replace of
 * /([\p{L}\p{M}]+)\u00ad([\p{L}\p{M}]+)/u would match, found from the hyphens instead of at every char). */
export function mendHyphens(text: string, pairs: ReadonlySet<string>): string {
  let h = text.indexOf(SOFT_HYPHEN);
  if (h < 0) return text;
  let out = '',
    done = 0;
  for (; h >= 0; h = text.indexOf(SOFT_HYPHEN, h + 1)) {
    let s = h;
    while (s > done) {
      const lo = text.charCodeAt(s - 1),
        hi = s - 2 >= done ? text.charCodeAt(s - 2) : 0;
      const back = lo >= 0xdc00 && lo <= 0xdfff && hi >= 0xd800 && hi <= 0xdbff ? 2 : 1; // a surrogate pair: one code point
      if (!LETTER.test(String.fromCodePoint(text.codePointAt(s - back)!))) break;
      s -= back;
    }
    let e = h + 1;
    while (e < text.length) {
      const cp = text.codePointAt(e)!;
      if (!LETTER.test(String.fromCodePoint(cp))) break;
      e += cp > 0xffff ? 2 : 1;
    }
    if (s === h || e === h + 1) continue;
    const a = text.slice(s, h),
      b = text.slice(h + 1, e);
    out += text.slice(done, s) + (pairs.has(key(a, b)) ? `${a}-${b}` : a + b);
    done = e;
    h = e - 1;
  }
  return (out + text.slice(done)).replaceAll(SOFT_HYPHEN, '');
}
