// A Word file through LibreOffice and the PDF parser, its own XML's elements placed on the converted pages (as
// the worker does): the notes printed at the page foot are one footnote block each, a table without rules
// has the source's spans, and the Markdown — the one writer's, of the JSON's blocks — has numbered lists,
// [^n] references and definitions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { convertToPdf } from '../../../engine/source/office/convert.ts';
import { findSoffice } from '../../../engine/source/office/soffice.ts';
import { fromSource } from '../../../engine/source/office/structure.ts';
import { parseDocument } from '../../../engine/core/parse.ts';
import type { ParsedDocument } from '../../../engine/types.ts';
import { toMarkdown } from '../../../shared/markdown/writer.ts';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG } from '../../../shared/somark.ts';
import { jsonViolations, options, tempDir } from '../parse/helpers.ts';
import { cell, esc, footnote, list, listItem, makeDocx, noteRef, num, para, table } from './make-docx.ts';

const soffice = findSoffice();
const SPAN_TABLE =
  '<table><tr><td>Animal</td><td colspan="2">Food</td></tr><tr><td rowspan="2">Duck</td><td>Leaves</td><td>50</td></tr>' +
  '<tr><td>Berries</td><td>150</td></tr><tr><td>Goose</td><td>Grain</td><td>200</td></tr></table>';

describe.skipIf(!soffice)('Word structure on the converted pages (LibreOffice)', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let doc: ParsedDocument;
  beforeAll(async () => {
    tmp = await tempDir();
    const body = [
      `<w:p><w:r><w:t xml:space="preserve">${esc('The lake is cold in spring and the ducks swim close to the shore')}</w:t></w:r>${noteRef(1)}<w:r><w:t xml:space="preserve"> while the reeds grow tall.</w:t></w:r></w:p>`,
      para('Steps to follow:'),
      listItem('Find the lake', 1),
      listItem('Check the water', 1),
      listItem('Feel the temperature', 1, 1),
      listItem('Swim', 1),
      para('Things to bring:'),
      listItem('Towel', 2),
      listItem('Sun cream', 2),
      `<w:p><w:r><w:t xml:space="preserve">Grain is what they eat in winter</w:t></w:r>${noteRef(2)}<w:r><w:t>.</w:t></w:r></w:p>`,
      table(
        3,
        [
          cell('Animal') + cell('Food', '<w:gridSpan w:val="2"/>'),
          cell('Duck', '<w:vMerge w:val="restart"/>') + cell('Leaves') + cell('50'),
          cell('', '<w:vMerge/>') + cell('Berries') + cell('150'),
          cell('Goose') + cell('Grain') + cell('200'),
        ],
        false,
      ),
      para('The end of the document.'),
    ].join('');
    const footnotes =
      footnote(1, 'Measured in April at the northern shore.') + footnote(2, 'Corn, buckwheat and barley mostly.');
    const numbering = list(0, 1, ['decimal', 'lowerLetter']) + list(1, 2, ['bullet']) + num(1, 0) + num(2, 1);
    const docx = join(tmp.dir, 'notes.docx');
    await writeFile(docx, makeDocx({ body, footnotes, numbering }));
    const pdf = join(tmp.dir, 'notes.pdf');
    await convertToPdf(docx, pdf, { soffice: soffice!, ext: '.docx' });
    const opts = options(tmp.dir);
    doc = await fromSource(docx, '.docx', await parseDocument(pdf, 'source.pdf', opts), opts);
  }, 120_000);
  afterAll(async () => {
    await tmp?.dispose();
  });

  it('the notes at the page foot are one footnote block each, "n text", below the body', () => {
    const blocks = doc.json.pages.flatMap((p) => p.blocks);
    const notes = blocks.filter((b) => b.type === 'footnote');
    expect(notes.map((b) => b.content)).toEqual([
      '1 Measured in April at the northern shore.',
      '2 Corn, buckwheat and barley mostly.',
    ]);
    expect(blocks.some((b) => b.type !== 'footnote' && /Measured in April/.test(b.content))).toBe(false);
    const body = blocks.find((b) => /The end of the document/.test(b.content))!;
    expect(notes[0]!.bbox[1]).toBeGreaterThan(body.bbox[3]);
    expect(notes[1]!.bbox[1]).toBeGreaterThanOrEqual(notes[0]!.bbox[3]);
    // Page-local indices stay 0…n-1 after the split; every JSON invariant holds.
    for (const p of doc.json.pages) expect(p.blocks.map((b) => b.idx)).toEqual(p.blocks.map((_, i) => i));
    expect(jsonViolations(doc)).toEqual([]);
  });

  it('the table without rules takes the spans of the source table', () => {
    const tables = doc.json.pages.flatMap((p) => p.blocks).filter((b) => b.type === 'table');
    expect(tables.map((b) => b.content)).toEqual([SPAN_TABLE]);
    expect(doc.markdown).toContain(SPAN_TABLE);
  });

  it('the Markdown: references glued to their words, numbered and bullet lists, definitions at the end', () => {
    const md = doc.markdown;
    expect(md).toContain('close to the shore[^1] while the reeds grow tall.');
    expect(md).toContain('Grain is what they eat in winter[^2].');
    expect(md).toContain(
      'Steps to follow:\n\n1. Find the lake\n2. Check the water\n   1. Feel the temperature\n3. Swim\n\nThings to bring:\n\n- Towel\n- Sun cream\n\n',
    );
    expect(md).toBe(toMarkdown(doc.json.pages, DEFAULT_FEATURE_CONFIG, DEFAULT_ELEMENT_FORMATS.image));
    expect(
      md
        .trimEnd()
        .endsWith(
          'The end of the document.\n\n[^1]: Measured in April at the northern shore.\n\n[^2]: Corn, buckwheat and barley mostly.',
        ),
    ).toBe(true);
  });
});
