// The assembly of HTML-printed documents (bench:holdout's Chromium producer, issue 11), elements as the page
// analysis gives them: a dated line under the title near a narrow top margin, CJK paragraphs (indented first
// lines) cut at a page break, and what may go on over the page.
import { describe, expect, it } from 'vitest';
import { assembleDocument } from '../../../engine/core/parse.ts';
import type { Elem } from '../../../engine/model.ts';
import { CLIENT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { options, suiteDir, textElem as el, a4Page as page, enWords as en, zhChars as zh } from './helpers.ts';

const at = suiteDir();

describe('assembly of HTML-printed documents', () => {
  it('keeps a dated line under the title near a narrow top margin (its year is no page number); a running head with one goes', async () => {
    const paras = (y: number) => [
      el(en(4), [43, y, 569, y + 60]),
      el(en(4), [43, y + 70, 569, y + 130], { shortLast: true }),
    ];
    const doc = await assembleDocument(
      [
        page(0, [
          el('Migration Plan for the Records System', [110, 38, 500, 59], { size: 18, bold: 1 }),
          el('Prepared by the Platform Team, March 2025', [185, 72, 427, 85], { size: 11, shortLast: true }),
          ...paras(100),
        ]),
        page(1, [
          el('Records System · Migration Plan 2', [200, 15, 400, 25], { size: 9, shortLast: true }),
          ...paras(60),
        ]),
      ],
      { fileType: '.pdf', pageCount: 2 },
      options(at()),
    );
    expect(doc.json.pages[0].blocks[1]).toMatchObject({
      type: 'text',
      content: 'Prepared by the Platform Team, March 2025',
    });
    expect(doc.json.pages[1].blocks[0]).toMatchObject({ type: 'header', content: 'Records System · Migration Plan 2' });
  });

  it('joins a paragraph a page break cut after a full stop when paragraphs open indented, not an indented one', async () => {
    const pages = (indent: boolean) => [
      page(0, [
        el(zh(4), [63, 60, 532, 200], { indent: true }),
        el(zh(4), [63, 210, 532, 350], { indent: true }),
        el(zh(5), [63, 600, 532, 780], { indent: true }),
      ]),
      page(1, [
        el(zh(2), [63, 60, 532, 90], { indent }),
        el(zh(4), [63, 100, 532, 240], { indent: true, shortLast: true }),
      ]),
    ];
    const cut = await assembleDocument(
      pages(false),
      { fileType: '.pdf', pageCount: 2 },
      options(at(), { fc: CLIENT_FEATURE_CONFIG }),
    );
    expect(cut.json.pages[1].merge_content_from_pre_page).toBe(true);
    expect(cut.markdown.trim().split('\n\n')).toHaveLength(4);
    const fresh = await assembleDocument(
      pages(true),
      { fileType: '.pdf', pageCount: 2 },
      options(at(), { fc: CLIENT_FEATURE_CONFIG }),
    );
    expect(fresh.json.pages[1].merge_content_from_pre_page).toBe(false);
  });

  it('goes on over the page only from a paragraph of the same face and size (Type3 fonts renumbered per page): not from an ornament or a colophon', async () => {
    const body = (font: string) => ({ indent: true, font });
    const pages = (last: Elem, font: string) => [
      page(0, [
        el(en(4), [63, 60, 532, 200], body('Type3 (22 0 R)')),
        el(en(4), [63, 210, 532, 350], body('Type3 (22 0 R)')),
        last,
      ]),
      page(1, [
        el(en(2), [63, 60, 532, 90], { font }),
        el(en(4), [63, 100, 532, 240], { ...body(font), shortLast: true }),
      ]),
    ];
    const merged = async (last: Elem, font = 'Type3 (48 0 R)') =>
      (
        await assembleDocument(
          pages(last, font),
          { fileType: '.pdf', pageCount: 2 },
          options(at(), { fc: CLIENT_FEATURE_CONFIG }),
        )
      ).json.pages[1].merge_content_from_pre_page;
    // The same unnamed face on both pages: the paragraph goes on.
    expect(await merged(el(en(5), [63, 600, 532, 780], body('Type3 (22 0 R)')))).toBe(true);
    // A line of ornaments in a symbol face closing a chapter, a colophon in small type: a new page starts afresh.
    expect(
      await merged(
        el('❚❘❙❚❘❙❚❘❙❚❙❚❘❙❚❘❙❚❘❙❚❘❙❚❘❘❙❚❘❙❚❘❙❚❘❙❚❘', [63, 500, 532, 520], { size: 21.8, font: 'ZapfDingbats' }),
      ),
    ).toBe(false);
    expect(await merged(el(en(3), [63, 480, 532, 540], { size: 7.5, font: 'Type3 (22 0 R)' }))).toBe(false);
  });
});
