// Office documents through the real engine and LibreOffice: every corpus file converts and parses,
// keeps its extension as file_type, serves the converted PDF; the structure comes from the source XML
// (heading levels, LaTeX, sheet tables), the Markdown is what the one writer makes of the JSON's blocks, and
// it matches the references (mean ≥ 0.90). Conversions take seconds each: one server, files in sequence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  corpus,
  CORPUS,
  fileForm,
  pollUntilDone,
  postForm,
  startTestServer,
  type TestServer,
} from '../server/helpers.ts';
import { toMarkdown } from '../../../shared/markdown/writer.ts';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG, type Page } from '../../../shared/somark.ts';
import { findSoffice } from '../../../engine/source/office/soffice.ts';

const soffice = findSoffice();
const score = (await import(new URL('../../../../shared/tools/score.mjs', import.meta.url).href)) as {
  plain(md: string): string;
  similarity(a: string, b: string): number;
  titleScores(truth: { text: string; level: number }[], blocks: unknown[]): { text: number; level: number };
};
const EXACT = ['lorem_ipsum.docx', 'unit_test_headers.docx', 'word_sample.docx'];
const FILES = readdirSync(`${CORPUS}/office`).filter((f) => !f.includes('.expected.'));

describe.skipIf(!soffice)('Office files with LibreOffice', () => {
  let srv: TestServer;
  const sims: number[] = [];
  type Blocks = { type: string; content: string; title_level?: number }[];
  const done = new Map<string, { result: { outputs: { markdown: string; json: { pages: { blocks: Blocks }[] } } } }>();
  beforeAll(async () => {
    srv = await startTestServer({ workers: 1 });
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  it.each(FILES)(
    '%s → SUCCESS, original file_type, converted PDF served',
    async (f) => {
      const sub = await postForm(`${srv.url}/parse/async`, await fileForm(corpus(`office/${f}`)));
      expect(sub.body.code, sub.body.message).toBe(0);
      const d = await pollUntilDone(srv.url, sub.body.data.task_id, undefined, 180_000);
      expect(d.status, d.error).toBe('SUCCESS');
      done.set(f, d);
      const ext = f.slice(f.lastIndexOf('.'));
      expect(d.metadata).toMatchObject({ file_type: ext });
      expect(d.metadata.page_num).toBeGreaterThan(0);
      expect(d.result.file_name).toBe(f);
      expect(d.result.outputs.json.pages.length).toBe(d.metadata.page_num);
      expect(d.result.outputs.markdown.trim().length).toBeGreaterThan(0);
      // Markdown and JSON say the same: the Markdown is the one writer's, of the JSON's blocks.
      expect(d.result.outputs.markdown).toBe(
        toMarkdown(d.result.outputs.json.pages as Page[], DEFAULT_FEATURE_CONFIG, DEFAULT_ELEMENT_FORMATS.image),
      );
      const pdf = await fetch(d.result.pdf_url);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const ref = corpus(`office/${f.replace(/\.[^.]+$/, '.expected.md')}`);
      if (existsSync(ref)) {
        const sim = score.similarity(score.plain(d.result.outputs.markdown), score.plain(await readFile(ref, 'utf8')));
        sims.push(sim);
        // Text-only documents convert exactly; the others take their structure from the source XML.
        expect(sim, `${f} similarity`).toBeGreaterThanOrEqual(EXACT.includes(f) ? 0.95 : 0.5);
      }
    },
    200_000,
  );

  it('bars: mean similarity ≥ 0.90; heading levels, LaTeX and sheet tables from the source XML', () => {
    expect(sims.length).toBeGreaterThanOrEqual(7);
    expect(sims.reduce((a, b) => a + b, 0) / sims.length).toBeGreaterThanOrEqual(0.9);
    const headers = done.get('unit_test_headers.docx')!.result.outputs;
    const truth = (
      JSON.parse(readFileSync(corpus('office/unit_test_headers.expected.json'), 'utf8')) as {
        texts: { label: string; text: string; level?: number }[];
      }
    ).texts
      .filter((t) => t.label === 'title' || t.label === 'section_header')
      .map((t) => ({ text: t.text, level: t.level ?? 1 }));
    expect(
      score.titleScores(
        truth,
        headers.json.pages.flatMap((p) => p.blocks),
      ),
    ).toEqual({ text: 1, level: 1 });
    expect(headers.markdown).toContain('## Section 1.1');
    expect(done.get('equations.docx')!.result.outputs.markdown).toContain('$A=\\pi r^{2}$');
    const xlsx = done.get('xlsx_01.xlsx')!.result.outputs;
    expect(xlsx.markdown).toContain(
      '## Sheet1\n\n<table><tr><td>first</td><td>second</td><td>third</td></tr><tr><td>1</td><td>5</td><td>9</td></tr>',
    );
    // Its pages (sheets printed from a new page each) continue nothing; the chart title is text (issue 28).
    expect(
      xlsx.json.pages.filter((p) => (p as { merge_content_from_pre_page?: boolean }).merge_content_from_pre_page),
    ).toEqual([]);
    const blocks = xlsx.json.pages.flatMap((p) => p.blocks);
    expect(blocks.filter((b) => b.type === 'equation')).toEqual([]);
    expect(blocks.some((b) => b.type === 'text' && b.content === "'col-3'")).toBe(true);
    expect(done.get('powerpoint_sample.pptx')!.result.outputs.markdown).toContain('# Second slide title');
    // Word's header and footer parts mark the converted pages' blocks that show them; the Markdown leaves them out.
    const hf = done.get('docx_page_header_footer_first_page.docx')!.result.outputs;
    const furniture = hf.json.pages.flatMap((p) => p.blocks).filter((b) => b.type === 'header' || b.type === 'footer');
    expect(furniture.map((b) => [b.type, b.content])).toEqual([
      ['header', 'FIRST PAGE HEADER (page 1 only)'],
      ['footer', 'FIRST PAGE FOOTER (page 1 only)'],
      ['header', 'REGULAR HEADER (page 2 onward)'],
      ['footer', 'REGULAR FOOTER (page 2 onward)'],
    ]);
    expect(hf.markdown).not.toMatch(/HEADER|FOOTER/);
  });
});
