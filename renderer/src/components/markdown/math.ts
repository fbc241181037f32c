// The service writes formulas as $…$ / $$…$$, but TeX's \(…\) and \[…\] also occur. remark-math
// only knows dollars, so those delimiters are rewritten first — outside code spans and fences; a $$…$$
// alone on one line (which remark-math reads as inline) becomes a display block.
// KATEX_OPTIONS: how formulas render, bounded so a formula from a document cannot blow up sizes or
// macro expansion (docs/security.md).

export const KATEX_OPTIONS = {
  throwOnError: false,
  strict: 'ignore',
  output: 'htmlAndMathml',
  trust: false,
  maxSize: 20,
  maxExpand: 500,
} as const;

/** Splits Markdown into code (kept verbatim) and prose (rewritten) parts. */
export function splitCode(markdown: string): { text: string; code: boolean }[] {
  const parts: { text: string; code: boolean }[] = [];
  // Fenced blocks (``` or ~~~, to the matching fence or the end) and inline code spans.
  const pattern = /(^|\n)( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\3[`~]*[ \t]*(?=\n|$)|$)|(`+)[^`\n]*?\4/g;
  let last = 0;
  for (const match of markdown.matchAll(pattern)) {
    const start = match.index + (match[1]?.length ?? 0);
    if (start > last) parts.push({ text: markdown.slice(last, start), code: false });
    parts.push({ text: markdown.slice(start, match.index + match[0].length), code: true });
    last = match.index + match[0].length;
  }
  if (last < markdown.length) parts.push({ text: markdown.slice(last), code: false });
  return parts;
}

/** Markdown also uses \[ \] to escape brackets ("\[1\]"): only TeX-looking content is math. */
const looksLikeTex = (s: string) => /[\\^_{}=]/.test(s);

function rewrite(prose: string): string {
  return (
    prose
      // A formula alone on its line between $$ (Word's display equations): a display block, not inline math.
      .replace(
        /^([ \t]{0,3})\$\$([^\n$]+)\$\$[ \t]*$/gm,
        (_m, indent: string, tex: string) => `${indent}$$\n${indent}${tex.trim()}\n${indent}$$`,
      )
      .replace(/\\\[([\s\S]+?)\\\]/g, (m, tex: string) => (looksLikeTex(tex) ? `\n$$\n${tex.trim()}\n$$\n` : m))
      .replace(/\\\(([\s\S]+?)\\\)/g, (m, tex: string) => (looksLikeTex(tex) ? `$${tex.trim()}$` : m))
  );
}

export function normalizeMathDelimiters(markdown: string): string {
  if (!markdown.includes('\\(') && !markdown.includes('\\[') && !markdown.includes('$$')) return markdown;
  return splitCode(markdown)
    .map((p) => (p.code ? p.text : rewrite(p.text)))
    .join('');
}
