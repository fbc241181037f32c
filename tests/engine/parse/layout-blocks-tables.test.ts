// Layout fidelity on born-digital documents (issue 11), special blocks: TOC entries without leaders, code
// listings, table spans, tables without rules. fixtures/borderless-table.pdf is LibreOffice's rendering of
// fixtures/borderless-table.fodt (a table without rules under a header spanning two columns, a list, two
// columns of prose), rules-only-table.pdf of its .fodt (the same table with horizontal rules only, as booktabs
// or pandoc set them).
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseDocument } from '../../../engine/core/parse.ts';
import { options, parseCorpus, blocks, suiteDir } from './helpers.ts';

const at = suiteDir();

describe('table of contents and tables', () => {
  it('drops dot leaders from TOC entries, keeping title and page number, one cate_item each', async () => {
    const doc = await parseCorpus('pdf-digital/redp5110_sampled.pdf', at());
    expect(doc.markdown).not.toMatch(/(\. ){4}/);
    expect(doc.markdown).toMatch(/^Notices vii$/m);
    expect(doc.markdown).toMatch(/^1\.1 Security fundamentals 2$/m);
    const items = blocks(doc.json.pages).filter((b) => b.type === 'cate_item');
    expect(items.length).toBeGreaterThan(20);
    expect(
      blocks(doc.json.pages)
        .filter((b) => b.type === 'title')
        .map((b) => b.content),
    ).not.toContain('Notices vii');
  });

  it('fences SQL listings set in a fixed-pitch face, keyword column and argument column on shared lines', async () => {
    const doc = await parseCorpus('pdf-digital/redp5110_sampled.pdf', at());
    const code = blocks(doc.json.pages)
      .filter((b) => b.type === 'code')
      .map((b) => b.content);
    expect(
      code.some((c) =>
        /^SELECT +function_id,\n +user_name,\n[\s\S]*^FROM +function_usage\n^WHERE +function_id=/m.test(c),
      ),
    ).toBe(true);
    expect(doc.markdown).toMatch(
      /```\n\/\* Active Row Access Control \(permissions\) \*\/\n[\s\S]*ACTIVATE COLUMN ACCESS CONTROL;\n```/,
    );
    expect(code.some((c) => c.includes('http://www.idtheftcenter.org'))).toBe(false); // notes with addresses are no code
  });

  it('fences listings on pages that are mostly listing (CREATE MASK), one block across blank lines', async () => {
    const doc = await parseCorpus('pdf-digital/redp5110_sampled.pdf', at());
    const code = (page: number) => doc.json.pages[page].blocks.filter((b) => b.type === 'code').map((b) => b.content);
    expect(code(12)).toHaveLength(2);
    expect(code(12)[1]).toMatch(
      /^CREATE MASK HR_SCHEMA\.MASK_TAX_ID_ON_EMPLOYEES\nON +HR_SCHEMA\.EMPLOYEES AS EMPLOYEES\nFOR COLUMN +TAX_ID\nRETURN\nCASE\n +WHEN VERIFY_GROUP_FOR_USER[\s\S]*\nEND\nENABLE ;$/,
    );
    expect(code(15)).toHaveLength(1);
    expect(code(15)[0].match(/^CREATE MASK BANK_SCHEMA\./gm)).toHaveLength(4);
    expect(code(15)[0]).toMatch(
      /ALTER TABLE BANK_SCHEMA\.CUSTOMERS\n +ACTIVATE ROW ACCESS CONTROL\n +ACTIVATE COLUMN ACCESS CONTROL ;$/,
    );
    expect(doc.markdown).toMatch(/```\nCREATE MASK HR_SCHEMA\.MASK_TAX_ID_ON_EMPLOYEES\n/);
    expect(doc.markdown).not.toMatch(/^CREATE MASK .* ON FOR COLUMN/m); // no more flattened into a paragraph
  });

  it('keeps a page typed in a typewriter face as prose (no code blocks)', async () => {
    const doc = await parseCorpus('pdf-digital/scotus-transcript-p1.pdf', at());
    expect(blocks(doc.json.pages).filter((b) => b.type === 'code')).toEqual([]);
  });

  it('covers every grid cell exactly once (prefilled_f1040: no overlapping spans)', async () => {
    const doc = await parseCorpus('forms/prefilled_f1040.pdf', at());
    const tables = blocks(doc.json.pages).filter((b) => b.type === 'table');
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      const rows = [...t.content.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
        [...m[1].matchAll(/<td(?: rowspan="(\d+)")?(?: colspan="(\d+)")?>/g)].map((c) => [
          Number(c[1] ?? 1),
          Number(c[2] ?? 1),
        ]),
      );
      const occ = new Map<string, number>();
      rows.forEach((cells, r) => {
        let c = 0;
        for (const [rs, cs] of cells) {
          while (occ.has(`${r},${c}`)) c++;
          for (let y = r; y < r + rs; y++)
            for (let x = c; x < c + cs; x++) occ.set(`${y},${x}`, (occ.get(`${y},${x}`) ?? 0) + 1);
          c += cs;
        }
      });
      expect([...occ.values()].every((v) => v === 1)).toBe(true);
      const width = Math.max(...[...occ.keys()].map((k) => Number(k.split(',')[1]))) + 1;
      expect(occ.size).toBe(rows.length * width); // a full rectangle: no holes
    }
  });

  it('takes rules that bleed off both sides of the page for page design, not a table (redp5110 back cover)', async () => {
    const doc = await parseCorpus('pdf-digital/redp5110_sampled.pdf', at());
    const back = doc.json.pages[doc.json.pages.length - 1].blocks;
    expect(back.filter((b) => b.type === 'table')).toEqual([]);
    // The prose beside the sidebar reads whole, not interleaved with the sidebar's labels line by line.
    expect(doc.markdown).toMatch(
      /^This IBM Redpaper publication provides information about the IBM i 7\.2 feature of IBM DB2 for i/m,
    );
    expect(doc.markdown).toMatch(
      /^IBM Redbooks are developed by the IBM International Technical Support Organization\./m,
    );
  });
});

describe('tables without rules', () => {
  it('finds a borderless table with a spanning header, and leaves the list and the two columns of prose alone', async () => {
    const file = fileURLToPath(new URL('./fixtures/borderless-table.pdf', import.meta.url));
    const doc = await parseDocument(file, 'borderless-table.pdf', options(at()));
    const tables = blocks(doc.json.pages).filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0].content).toContain(
      '<tr><td></td><td colspan="2">Sales</td><td></td></tr><tr><td>Region</td><td>Q1 sales</td><td>Q2 sales</td><td>Change</td></tr>',
    );
    expect(tables[0].content).toContain('<tr><td>West</td><td>760</td><td>811</td><td>+6.7%</td></tr></table>');
    expect(doc.markdown).toContain('Second item of the list');
    expect(
      blocks(doc.json.pages).filter((b) => b.type === 'text' && b.content.startsWith('The quarterly figures')).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('reads a table ruled only horizontally (no column rules) the same way', async () => {
    const file = fileURLToPath(new URL('./fixtures/rules-only-table.pdf', import.meta.url));
    const doc = await parseDocument(file, 'rules-only-table.pdf', options(at()));
    const tables = blocks(doc.json.pages).filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0].content).toMatch(
      /^<table><tr><td><\/td><td colspan="2">Sales<\/td><td><\/td><\/tr><tr><td>Region<\/td>[\s\S]*<td>West<\/td><td>760<\/td><td>811<\/td><td>\+6\.7%<\/td><\/tr><\/table>$/,
    );
  });

  it('reads the numeric table of embedded-images-tables.pdf, and no table into multi-column prose', async () => {
    const doc = await parseCorpus('tables/embedded-images-tables.pdf', at());
    const t = blocks(doc.json.pages).filter((b) => b.type === 'table');
    expect(t).toHaveLength(1);
    // Its header (set a little further from the rows than they are from each other, its cells wrapped on
    // two lines) is one row of the table.
    expect(t[0].content).toMatch(
      /^<table><tr><td>Inhibitor concentration \(g\)<\/td><td>bc \(V\/dec\)<\/td>.*?<td>Corrosion rate \(mm\/year\)<\/td><\/tr><tr><td>0<\/td><td>0\.0335<\/td><td>0\.0409<\/td>/,
    );
    for (const rel of [
      'pdf-digital/federal-register-2020-17221.pdf',
      'pdf-digital/multi-column-2p.pdf',
      'cjk/korean-text-with-tables.pdf',
    ]) {
      const d = await parseCorpus(rel, at());
      for (const b of blocks(d.json.pages).filter((x) => x.type === 'table'))
        expect(b.content.length, rel).toBeLessThan(0.5 * d.markdown.length);
      expect(blocks(d.json.pages).filter((x) => x.type === 'table').length, rel).toBe(rel.includes('federal') ? 2 : 0);
    }
  });
});
