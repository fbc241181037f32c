// Text search inside cached Markdown: case-insensitive (Unicode), with a short snippet around the hit.

/** Characters of context on each side of a hit. */
const CONTEXT = 60;

/** Trims, NFC-normalises and collapses whitespace in a query. */
export const normalizeForSearch = (q: string): string => q.normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * What is searched: the Markdown without HTML tags, image links and data URIs (so 'td' or 'png' do not
 * match markup), whitespace collapsed, NFC.
 */
export function searchableText(markdown: string): string {
  return markdown
    .normalize('NFC')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/data:[\w/+.-]+;base64,[A-Za-z0-9+/=]+/g, ' ')
    .replace(/<[^>]{0,2000}>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Moves an index off the low half of a surrogate pair. */
function codePointBoundary(s: string, i: number): number {
  if (i > 0 && i < s.length) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) return i - 1;
  }
  return i;
}

/** A snippet around the first case-insensitive hit of `query` in `text`, or null when absent. */
export function findText(text: string, query: string): string | null {
  if (query === '') return null;
  const m = new RegExp(escapeRegExp(query), 'iu').exec(text);
  if (!m) return null;
  const start = codePointBoundary(text, Math.max(0, m.index - CONTEXT));
  const end = codePointBoundary(text, Math.min(text.length, m.index + m[0].length + CONTEXT));
  let snippet = text.slice(start, end).trim();
  if (start > 0) snippet = `…${snippet}`;
  if (end < text.length) snippet = `${snippet}…`;
  return snippet;
}
