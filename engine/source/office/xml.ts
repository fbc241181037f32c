// A small reader for the OOXML parts the engine takes structure from: elements by name (with their
// attributes and inner XML) and text with entities decoded. Enough for flat, machine-written XML;
// not a general parser (no DTDs, no CDATA nesting tricks).
import { PART_CAP, walkPackage } from './package.ts';
import { inflateEntry, memorySource } from './zip-read.ts';

export interface XmlElement {
  attrs: Record<string, string>;
  /** Inner XML ('' for a self-closing element). */
  inner: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
    }
    return ENTITIES[e] ?? m;
  });
}

function attrsOf(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) out[m[1]!] = decodeXml(m[3] ?? m[4] ?? '');
  return out;
}

/** Every `<name …>…</name>` or `<name …/>` in `xml` (name with its prefix, e.g. 'w:p'), not nested in itself. */
export function elements(xml: string, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const open = new RegExp(`<${esc}(?=[\\s/>])([^>]*?)(/?)>`, 'g');
  const close = `</${name}>`;
  let m: RegExpExecArray | null;
  while ((m = open.exec(xml))) {
    if (m[2] === '/') {
      out.push({ attrs: attrsOf(m[1]!), inner: '' });
      continue;
    }
    const start = open.lastIndex;
    const end = xml.indexOf(close, start);
    if (end < 0) break;
    out.push({ attrs: attrsOf(m[1]!), inner: xml.slice(start, end) });
    open.lastIndex = end + close.length;
  }
  return out;
}

/** The text of every `<tag>` text run inside `xml` (e.g. 'w:t', 't', 'a:t'), joined. */
export function textOf(xml: string, tag: string): string {
  return elements(xml, tag)
    .map((e) => decodeXml(e.inner.replace(/<[^>]*>/g, '')))
    .join('');
}

/** The parts of an OOXML package (zip) its relationships reach, each inflated when asked for (capped). */
export function openPackage(data: Uint8Array): { part(path: string): string | null; names: string[] } {
  const src = memorySource(data);
  const pkg = walkPackage(src);
  const reached = new Map(pkg.reached.filter((e) => /\.(xml|rels)$/.test(e.name)).map((e) => [e.name, e]));
  return {
    names: [...reached.keys()],
    part: (p) => {
      const e = reached.get(p);
      return e ? Buffer.from(inflateEntry(src, e, PART_CAP)).toString('utf8') : null;
    },
  };
}
