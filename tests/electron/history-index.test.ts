// The history index on 200 cached results (copies of one real engine result with varied text), and
// the text search rules (case folding, snippets, markup ignored).
import { cp, readFile, writeFile, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskRegistry } from '../../electron/services/context.ts';
import { createResultsStore } from '../../electron/services/results/store.ts';
import { createHistoryIndex, findText, searchableText } from '../../electron/services/history/search-index.ts';
import { corpus, makeServices, removeTemps, tempDir, waitFinal } from './services/helpers.ts';

const N = 200;
let benchDir = '';
const emptyQueue: TaskRegistry = { list: () => [], get: () => undefined, add: async () => [], remove: async () => {} };

beforeAll(async () => {
  const h = await makeServices();
  const {
    tasks: [t],
  } = await h.svc.handlers['tasks:submit']({
    paths: [corpus('pdf-digital/multi_page.pdf')],
    options: { formats: ['markdown', 'json'] },
  });
  expect((await waitFinal(h, t!.id, 120_000)).state).toBe('SUCCESS');
  await h.close();
  benchDir = await tempDir('dp-hist-bench-');
  const src = join(h.dataDir, 'results', t!.id);
  for (let i = 0; i < N; i++) {
    const id = `req_bench${String(i).padStart(4, '0')}aa`;
    const dir = join(benchDir, 'results', id);
    await cp(src, dir, { recursive: true });
    const meta = JSON.parse(await readFile(join(dir, 'result.json'), 'utf8'));
    await writeFile(
      join(dir, 'result.json'),
      JSON.stringify({
        ...meta,
        taskId: id,
        fileName: `report-${i}.pdf`,
        savedAt: 1_700_000_000_000 + i,
        task: undefined,
      }),
    );
    await appendFile(join(dir, 'main.md'), `\n\nMarker paragraph number Zeta${i}Omega closes the document.\n`);
  }
}, 240_000);
afterAll(removeTemps);

describe('history index on 200 results', () => {
  it('builds lazily, then searches names and text quickly (timings printed)', async () => {
    const index = createHistoryIndex({ results: createResultsStore(benchDir), tasks: emptyQueue });
    let t0 = performance.now();
    const all = await index.list();
    const cold = performance.now() - t0;
    expect(all).toHaveLength(N);
    expect(all[0]!.fileName).toBe(`report-${N - 1}.pdf`); // newest first

    t0 = performance.now();
    const text = await index.list('zeta137omega');
    const warmText = performance.now() - t0;
    expect(text.map((i) => i.fileName)).toEqual(['report-137.pdf']);
    expect(text[0]!.snippet).toContain('Zeta137Omega');

    t0 = performance.now();
    const name = await index.list('REPORT-19');
    const warmName = performance.now() - t0;
    expect(name.map((i) => i.fileName).sort()).toEqual(
      ['report-19.pdf', ...Array.from({ length: 10 }, (_, k) => `report-19${k}.pdf`)].sort(),
    );

    t0 = performance.now();
    const common = await index.list('marker paragraph');
    const warmCommon = performance.now() - t0;
    expect(common).toHaveLength(N);

    console.log(
      `history index, ${N} results: cold list ${cold.toFixed(0)} ms; text search ${warmText.toFixed(1)} ms; name search ${warmName.toFixed(1)} ms; ${N} hits ${warmCommon.toFixed(1)} ms`,
    );
    expect(cold).toBeLessThan(10_000);
    expect(warmText).toBeLessThan(500);
  });

  it('picks up new, changed and deleted results on the next list', async () => {
    const results = createResultsStore(benchDir);
    const index = createHistoryIndex({ results, tasks: emptyQueue });
    expect(await index.list('zeta5omega')).toHaveLength(1);
    const dir = results.dir('req_bench0005aa');
    await appendFile(join(dir, 'main.md'), '\nFreshly added Quokka text.\n');
    const meta = JSON.parse(await readFile(join(dir, 'result.json'), 'utf8'));
    await new Promise((r) => setTimeout(r, 20));
    await writeFile(join(dir, 'result.json'), JSON.stringify({ ...meta, savedAt: meta.savedAt + 1 }));
    expect((await index.list('quokka')).map((i) => i.id)).toEqual(['req_bench0005aa']);
    await results.delete('req_bench0006aa');
    expect(await index.list('zeta6omega')).toEqual([]);
    expect((await index.usage()).items).toBe(N - 1);
  });
});

describe('text search rules', () => {
  it('ignores markup, image links and data URIs', () => {
    const md =
      '# Title\n\n<table><tr><td>cell value</td></tr></table>\n\n![a figure](./images/image_001.png)\n\n![x](data:image/png;base64,iVBORw0KGgo=)';
    const text = searchableText(md);
    expect(findText(text, 'td')).toBeNull();
    expect(findText(text, 'png')).toBeNull();
    expect(findText(text, 'cell value')).toContain('cell value');
    expect(findText(text, 'A FIGURE')).toContain('a figure');
  });

  it('snippets read as text: no Markdown heading, emphasis, table, link or footnote marks', () => {
    const md = [
      '# MANUAL TRANSMITTAL',
      '',
      '## DECEMBER 12, 2022',
      '',
      '> quoted *words* here',
      '',
      '| State / Territory | **Multiple** | *Other* |',
      '| --- | :---: | ---: |',
      '| Alabama | 1,234 | `x_y` |',
      '',
      '- see [the manual](https://example.com/m) for __details__[^1]',
      '',
      '[^1]: A footnote.',
      '',
      '---',
      '',
      '2 * 3 * 4 stays',
    ].join('\n');
    const text = searchableText(md);
    expect(findText(text, 'transmittal')).toMatch(/^MANUAL TRANSMITTAL DECEMBER 12, 2022 quoted words here State /);
    expect(text.replace('2 * 3 * 4', '')).not.toMatch(/[#*|`[\]]|---/);
    expect(findText(text, 'alabama')).toContain('Alabama 1,234 x_y');
    expect(findText(text, 'manual for')).toContain('see the manual for details');
    expect(findText(text, 'footnote')).toContain('A footnote.');
    expect(findText(text, 'example.com')).toBeNull();
    expect(findText(text, '2 * 3 * 4')).toContain('2 * 3 * 4 stays');
  });

  it('folds case beyond ASCII and matches NFC/NFD alike', () => {
    const text = searchableText('Les élèves de l’ÉCOLE. Straße. 北京大学 ПРИВЕТ'.normalize('NFD'));
    expect(findText(text, 'école')).toContain('ÉCOLE');
    expect(findText(text, 'привет')).toContain('ПРИВЕТ');
    expect(findText(text, '北京')).toContain('北京大学');
  });

  it('cuts snippets around the hit without splitting characters', () => {
    const text = `${'😀'.repeat(100)} needle ${'😀'.repeat(100)}`;
    const s = findText(text, 'needle')!;
    expect(s.startsWith('…') && s.endsWith('…')).toBe(true);
    expect(s).toContain('needle');
    expect(Buffer.from(s, 'utf8').toString('utf8')).toBe(s);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s)).toBe(false);
  });
});
