// A result's Markdown with its image links pointing at the cached copies (`./images/image_001.png`): what
// the results cache stores and what the review shows of a correction before it is saved. Pure.

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;');

/** Replaces each downloaded URL (and its HTML-escaped form) by its ./images/… path. */
export function rewriteMarkdown(markdown: string, map: Record<string, string>): string {
  let out = markdown;
  for (const url of Object.keys(map).sort((a, b) => b.length - a.length)) {
    const local = `./${map[url]}`;
    out = out.split(url).join(local);
    const esc = escapeHtml(url);
    if (esc !== url) out = out.split(esc).join(local);
  }
  return out;
}
