// Words hyphenated at a line end: the page analysis joins "dual-" + "encoder" with a soft hyphen (U+00AD)
// where the hyphen stood, and the assembly, which sees the whole document, decides: a compound the
// document also writes with its hyphen mid-line ("dual-encoder", "fine-tuned") keeps it; any other word is
// mended ("infor-" + "mation" → "information").

/** Marks a line-end hyphen the assembly decides on. */
export const SOFT_HYPHEN = '\u00ad';

const MARKED = /([\p{L}\p{M}]+)\u00ad([\p{L}\p{M}]+)/gu;

const key = (a: string, b: string): string => `${a}-${b}`.normalize('NFKC').toLowerCase();

/** The hyphenated pairs ("dual-encoder"; "state-of", "of-the", "the-art") written mid-line in these texts. */
export function hyphenPairs(texts: Iterable<string>): Set<string> {
  const pairs = new Set<string>();
  for (const t of texts) {
    if (!t.includes('-')) continue;
    for (const m of t.matchAll(/[\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)+/gu)) {
      const parts = m[0].split('-');
      for (let i = 0; i + 1 < parts.length; i++) pairs.add(key(parts[i]!, parts[i + 1]!));
    }
  }
  return pairs;
}

/** Resolves the soft hyphens of a text: the document's own compounds keep their hyphen, other words join. */
export function mendHyphens(text: string, pairs: ReadonlySet<string>): string {
  if (!text.includes(SOFT_HYPHEN)) return text;
  return text.replace(MARKED, (_, a: string, b: string) => (pairs.has(key(a, b)) ? `${a}-${b}` : a + b)).replaceAll(SOFT_HYPHEN, '');
}
