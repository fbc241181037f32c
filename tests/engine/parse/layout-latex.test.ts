// Layout that pdfLaTeX's article class brings (bench:holdout's third producer, issue 11), on
// fixtures/latex-layout.pdf (typeset from fixtures/latex-layout.tex): \maketitle's author line centred under the
// title, set larger than the body but plain (a byline, no heading); itemize bullets from the TeX symbol font,
// which carries no ToUnicode map (the text layer gives a control char); a fancyhdr running head over its rule
// on page 2 only (the title page keeps the plain style), so it never repeats; a tabular without rules whose
// columns stand only 2\tabcolsep (1.2 em) apart at their widest cells. And on fixtures/latex-contents.pdf,
// article's contents: bold section entries with no leader between dotted subsection entries. Then the
// assembly of such a page (elements as the page analysis gives them): the abstract environment's heading.
import { describe, expect, it } from 'vitest';
import { assembleDocument } from '../../../engine/core/parse.ts';
import type { Elem, PageAnalysis } from '../../../engine/model.ts';
import type { Rect } from '../../../engine/raw.ts';
import { CLIENT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { fixtureDoc, options, suiteDir } from './helpers.ts';

const at = suiteDir();
const doc = fixtureDoc('latex-layout.pdf', at);

describe('pdfLaTeX-typeset layout', () => {
  it('keeps the author line under the title as text, not a heading', async () => {
    const { json, markdown } = await doc();
    const blocks = json.pages.flatMap((p) => p.blocks);
    expect(blocks.filter((b) => b.type === 'title').map((b) => b.content)).toEqual([
      'Layout Notes for Typeset Reports',
      '1 Overview',
      '1.1 Scope',
      '2 Findings',
      '2.1 Tables',
    ]);
    expect(blocks.find((b) => b.content.startsWith('Jane Doe'))?.type).toBe('text');
    expect(markdown).toMatch(
      /^# Layout Notes for Typeset Reports\n\nJane Doe and Li Wei, Applied Computing Group\n\n## 1 Overview\n/,
    );
  });

  it('reads bullets the text layer cannot name as list items', async () => {
    const { markdown } = await doc();
    expect(markdown).toContain('- Archive the records older than ten years.');
    expect(markdown).toContain('- Move the scanned files to the new store.');
    expect(markdown).toContain('- Keep the audit trail for every change.');
    expect(markdown).not.toMatch(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/);
  });

  it('drops a running head set over a rule even on the one page that has it', async () => {
    const { json, markdown } = await doc();
    expect(json.pages[1].blocks.find((b) => b.content === 'Notes on Table Recovery')?.type).toBe('header');
    expect(markdown).not.toContain('Notes on Table Recovery');
    expect(markdown).toContain('## 2 Findings');
  });

  it('finds a tabular without rules whose columns stand 1.2 em apart', async () => {
    const tables = (await doc()).json.pages[1].blocks.filter((b) => b.type === 'table').map((b) => b.content);
    expect(tables).toEqual([
      '<table><tr><td>Setting</td><td>Default</td><td>Meaning</td></tr><tr><td>port</td><td>8080</td><td>Port the service listens on</td></tr>' +
        '<tr><td>workers</td><td>2</td><td>Parallel parse threads</td></tr><tr><td>timeout</td><td>120 s</td><td>Longest conversion allowed</td></tr></table>',
    ]);
  });

  it('reads bold contents entries without a leader as contents entries, not headings', async () => {
    const { json, markdown } = await fixtureDoc('latex-contents.pdf', at)();
    const blocks = json.pages[0].blocks;
    expect(blocks.filter((b) => b.type === 'cate_item').map((b) => b.content)).toEqual([
      '1 Overview 1',
      '1.1 Scope 1',
      '2 Operations 2',
      '2.1 Staffing 2',
      '2.1.1 Training 2',
      '3 Finance 3',
    ]);
    expect(blocks.filter((b) => b.type === 'title').map((b) => b.content)).toEqual(['Contents', 'Overview']);
    expect(markdown.split('\n').filter((l) => /^\s*\d\s*$/.test(l))).toEqual([]);
  });

  it("makes the abstract environment's small bold 'Abstract' a heading under the title", async () => {
    const el = (text: string, bbox: Rect, over: Partial<Elem> = {}): Elem => ({
      kind: 'text',
      text,
      bbox,
      nLines: Math.max(1, Math.round((bbox[3] - bbox[1]) / 12)),
      size: 10,
      bold: 0,
      italic: 0,
      mono: 0,
      indent: false,
      shortLast: true,
      zone: 'body',
      ...over,
    });
    const body = Array.from(
      { length: 8 },
      (_, i) => `The committee reviews the figures of region ${i + 1} and reports them.`,
    ).join(' ');
    const page: PageAnalysis = {
      pageNum: 0,
      width: 612,
      height: 792,
      scale: 2,
      scanned: false,
      elems: [
        el('Reading Order Recovery for Born-Digital Reports', [175, 165, 437, 183], { size: 17.3 }),
        el('Anna Keller and Rui Tanaka', [235, 200, 377, 212], { size: 12 }),
        el('Abstract', [287, 236, 325, 245], { size: 9, bold: 1 }),
        el(body.slice(0, 300), [160, 250, 452, 300], { size: 9, indent: true }),
        el('1 Introduction', [134, 330, 250, 344], { size: 14.3, bold: 1 }),
        el(body, [134, 352, 478, 450]),
        el('2 Method', [134, 470, 230, 484], { size: 14.3, bold: 1 }),
        el(body, [134, 492, 478, 590]),
      ],
    };
    const doc = await assembleDocument(
      [page],
      { fileType: '.pdf', pageCount: 1 },
      options(at(), { fc: CLIENT_FEATURE_CONFIG }),
    );
    expect(doc.markdown).toMatch(
      /^# Reading Order Recovery for Born-Digital Reports\n\nAnna Keller and Rui Tanaka\n\n## Abstract\n\nThe committee/,
    );
    expect(doc.markdown).toContain('\n## 1 Introduction\n');
  });
});
