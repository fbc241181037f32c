// A workbook's converted pages as the review draws them (the JSON's blocks): LibreOffice prints each sheet
// from a new page and the Markdown is the sheets' own tables, so no page's content is merged into the page
// before (a sheet break is no continuation); a workbook has no typeset formulas, so a block read as an
// equation is text, and one showing a chart's title takes that title's words (charts: xlsx.ts).
import type { ParsedDocument } from '../../types.ts';

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();

export function withSheetPages(doc: ParsedDocument, chartTitles: readonly string[]): ParsedDocument {
  const titles = chartTitles.map((t) => ({ t, n: norm(t) })).filter((x) => x.n);
  const pages = doc.json.pages.map((p) => ({
    ...p,
    merge_content_from_pre_page: false,
    blocks: p.blocks.map((b) => {
      if (b.type !== 'equation') return b;
      const title = titles.find((x) => norm(b.content).includes(x.n));
      return { ...b, type: 'text', content: title ? title.t : b.content };
    }),
  }));
  return { ...doc, json: { ...doc.json, pages } };
}
