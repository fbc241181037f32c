// XML text → a tree of elements and text nodes, for the OOXML parts that need document order
// (Word bodies, OMML equations). Tolerant: comments, declarations and processing instructions are skipped.
import { decodeXml } from './xml.ts';

export interface XNode {
  name: string;
  attrs: Record<string, string>;
  children: (XNode | string)[];
}

export function parseXml(xml: string): XNode {
  const root: XNode = { name: '#root', attrs: {}, children: [] };
  const stack: XNode[] = [root];
  const re =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!(?:[^>]*)>|<(\/?)([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml))) {
    const top = stack[stack.length - 1]!;
    if (m[1] !== undefined) top.children.push(m[1]);
    else if (m[6] !== undefined) top.children.push(decodeXml(m[6]));
    else if (m[3]) {
      if (m[2] === '/') {
        // Close up to the matching element (tolerates stray tags).
        const i = stack.map((n) => n.name).lastIndexOf(m[3]);
        if (i > 0) stack.length = i;
        continue;
      }
      const attrs: Record<string, string> = {};
      for (const a of (m[4] ?? '').matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g))
        attrs[a[1]!] = decodeXml(a[3] ?? a[4] ?? '');
      const node: XNode = { name: m[3], attrs, children: [] };
      top.children.push(node);
      if (m[5] !== '/') stack.push(node);
    }
  }
  return root;
}

export const kids = (n: XNode, name?: string): XNode[] =>
  n.children.filter((c): c is XNode => typeof c !== 'string' && (name === undefined || c.name === name));
export const kid = (n: XNode | undefined, name: string): XNode | undefined => (n ? kids(n, name)[0] : undefined);
/** All text below n. */
export const allText = (n: XNode): string => n.children.map((c) => (typeof c === 'string' ? c : allText(c))).join('');
/** First descendant named `name` (depth-first). */
export function find(n: XNode, name: string): XNode | undefined {
  for (const c of kids(n)) {
    if (c.name === name) return c;
    const d = find(c, name);
    if (d) return d;
  }
  return undefined;
}
