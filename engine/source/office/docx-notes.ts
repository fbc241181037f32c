// Word footnotes and endnotes (word/footnotes.xml, word/endnotes.xml): the notes by id, labelled 1, 2, … in
// the order their references occur in the body (footnotes and endnotes in one count, so every label is unique
// and reads as a note's mark: shared/markdown/notes.ts), a custom mark (a symbol or number) kept when unique.
import { kid, kids, parseXml, type XNode } from './tree.ts';

export interface NoteDef {
  label: string;
  /** The note's text (its paragraphs' plain text, joined), as the JSON's footnote blocks carry it. */
  text: string;
  kind: 'footnote' | 'endnote';
}

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
  private count = 0;

  constructor(footnotesXml: string | null, endnotesXml: string | null) {
    this.parts = { footnote: notesOf(footnotesXml, 'w:footnote'), endnote: notesOf(endnotesXml, 'w:endnote') };
  }

  /** `[^label]` for a w:footnoteReference / w:endnoteReference, '' for a reference to no note. A custom
   * mark (w:customMarkFollows) is the label when it is a number or up to three note symbols, not used yet. */
  reference(ref: XNode, customMark?: string): string {
    const kind = ref.name === 'w:endnoteReference' ? 'endnote' : 'footnote';
    const id = ref.attrs['w:id'] ?? '';
    if (!this.parts[kind].has(id)) return '';
    const key = `${kind}:${id}`;
    let def = this.labels.get(key);
    if (!def) {
      const used = (l: string) => [...this.labels.values()].some((d) => d.label === l);
      let label = customMark && /^(\d{1,3}|[*∗†‡§¶]{1,3})$/.test(customMark) ? customMark : '';
      while (!label || used(label)) label = String(++this.count);
      def = { label, text: '', kind };
      this.labels.set(key, def);
      this.order.push({ kind, id });
    }
    return `[^${def.label}]`;
  }

  /** The notes referenced so far, footnotes then endnotes, each with its text; `paragraph` gives a note
   * paragraph's text (it may meet references itself: notes inside notes are read too). */
  definitions(paragraph: (p: XNode) => string): NoteDef[] {
    const out: NoteDef[] = [];
    for (let i = 0; i < this.order.length; i++) {
      const { kind, id } = this.order[i]!;
      const def = this.labels.get(`${kind}:${id}`)!;
      def.text = kids(this.parts[kind].get(id)!, 'w:p')
        .map(paragraph)
        .filter(Boolean)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      out.push(def);
    }
    const rank = (d: NoteDef) => (d.kind === 'footnote' ? 0 : 1);
    return out.sort((a, b) => rank(a) - rank(b));
  }
}
