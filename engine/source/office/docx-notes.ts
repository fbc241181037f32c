// Word footnotes and endnotes (word/footnotes.xml, word/endnotes.xml): the notes by id, labels given in the
// order their references occur in the body (footnotes 1, 2, …; endnotes i, ii, … as Word numbers them), and
// the `[^label]: text` definitions the Markdown ends with — as the PDF path writes footnotes.
import { kid, kids, parseXml, type XNode } from './tree.ts';

export interface NoteDef {
  label: string;
  /** The note's text (its paragraphs' plain text, joined), as the JSON's footnote blocks carry it. */
  text: string;
  /** The same as Markdown. */
  md: string;
  kind: 'footnote' | 'endnote';
}

const ROMAN: [number, string][] = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];
const roman = (n: number): string =>
  ROMAN.reduce((acc, [v, s]) => {
    while (n >= v) {
      acc += s;
      n -= v;
    }
    return acc;
  }, '');

/** The notes of one part by id (separators and continuation notices left out). */
function notesOf(xml: string | null, tag: 'w:footnote' | 'w:endnote'): Map<string, XNode> {
  const out = new Map<string, XNode>();
  if (!xml) return out;
  const root = kid(parseXml(xml), `${tag}s`);
  for (const n of root ? kids(root, tag) : []) {
    const type = n.attrs['w:type'];
    if (type && type !== 'normal') continue;
    if (n.attrs['w:id'] !== undefined) out.set(n.attrs['w:id'], n);
  }
  return out;
}

/** Notes met while reading the body; `reference` gives the Markdown of a reference and records the note. */
export class Notes {
  private parts: Record<NoteDef['kind'], Map<string, XNode>>;
  private labels = new Map<string, NoteDef>();
  private order: { kind: NoteDef['kind']; id: string }[] = [];
  private count = { footnote: 0, endnote: 0 };

  constructor(footnotesXml: string | null, endnotesXml: string | null) {
    this.parts = { footnote: notesOf(footnotesXml, 'w:footnote'), endnote: notesOf(endnotesXml, 'w:endnote') };
  }

  /** `[^label]` for a w:footnoteReference / w:endnoteReference, '' for a reference to no note. A custom
   * mark (w:customMarkFollows) is the label when it is short and plain. */
  reference(ref: XNode, customMark?: string): string {
    const kind = ref.name === 'w:endnoteReference' ? 'endnote' : 'footnote';
    const id = ref.attrs['w:id'] ?? '';
    if (!this.parts[kind].has(id)) return '';
    const key = `${kind}:${id}`;
    let def = this.labels.get(key);
    if (!def) {
      const n = ++this.count[kind];
      const custom = customMark && /^[\p{L}\p{N}*†‡§¶]{1,6}$/u.test(customMark) ? customMark : null;
      let label = custom ?? (kind === 'footnote' ? String(n) : roman(n));
      if ([...this.labels.values()].some((d) => d.label === label)) label = `${label}-${n}`;
      def = { label, text: '', md: '', kind };
      this.labels.set(key, def);
      this.order.push({ kind, id });
    }
    return `[^${def.label}]`;
  }

  /** The notes referenced so far, footnotes then endnotes, each with its text; `paragraph` writes a note
   * paragraph's text and Markdown (it may meet references itself: notes inside notes are read too). */
  definitions(paragraph: (p: XNode) => { text: string; md: string }): NoteDef[] {
    const out: NoteDef[] = [];
    for (let i = 0; i < this.order.length; i++) {
      const { kind, id } = this.order[i]!;
      const def = this.labels.get(`${kind}:${id}`)!;
      const paras = kids(this.parts[kind].get(id)!, 'w:p')
        .map(paragraph)
        .filter((p) => p.md);
      def.text = paras
        .map((p) => p.text)
        .join(' ')
        .trim();
      def.md = paras
        .map((p) => p.md)
        .join(' ')
        .trim();
      out.push(def);
    }
    const rank = (d: NoteDef) => (d.kind === 'footnote' ? 0 : 1);
    return out.sort((a, b) => rank(a) - rank(b));
  }
}

/** Definitions as the Markdown ends with them. */
export const definitionsMarkdown = (defs: NoteDef[]): string[] => defs.map((d) => `[^${d.label}]: ${d.md}`);
