// Footnote labels for the Markdown writer: a note's own mark where it is unique in the document, else the
// next free number; a note without a mark continues the one before it. Pure.

/** At the start of a note's text: its mark (a numbered notes list's "1." too), then the note. */
export const NOTE_START = /^(\d{1,3}|[*∗†‡§¶]{1,3})[.)]?\s+(?=\S)/;

/** Footnote labels of one page: per note its label (null: it continues the note before it), and the page's
 * reference marks renamed. */
export interface PageNotes {
  labels: (string | null)[];
  refs: Map<string, string>;
}

/** Labels unique in the document: a note keeps its own mark (a number or symbol) the first time it is used;
 * a mark used before (numbering restarting on each page) or a note without a mark gets the next number no
 * note of the document carries. A number used before and not above the page's previous one is a numbered
 * item inside that note, and a note without a mark after another one its continuation. */
export function labelNotes(pages: { content: string }[][]): PageNotes[] {
  const marks = pages.flat().map((b) => NOTE_START.exec(b.content)?.[1] ?? '');
  let next = Math.max(0, ...marks.filter((m) => /^\d+$/.test(m)).map(Number)) + 1;
  const used = new Set<string>();
  return pages.map((notes) => {
    const labels: (string | null)[] = [],
      refs = new Map<string, string>();
    let prev = -Infinity;
    for (const b of notes) {
      const m = NOTE_START.exec(b.content)?.[1];
      const num = m && /^\d+$/.test(m) ? Number(m) : NaN;
      if (labels.length && (!m || (num <= prev && used.has(m)))) {
        labels.push(null);
        continue;
      }
      if (!Number.isNaN(num)) prev = num;
      const label = m && !used.has(m) ? m : String(next++);
      used.add(label);
      if (m) refs.set(m, label);
      labels.push(label);
    }
    return { labels, refs };
  });
}
