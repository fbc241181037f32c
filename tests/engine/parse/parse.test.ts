// parseDocument on real corpus files: JSON invariants, reading order, titles, headers/footers, images,
// element formats, progress, abort, and text similarity against the reference Markdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Block } from '../../../shared/somark.ts';
import { analysePages, assembleDocument, parseDocument, type PageAnalysis } from '../../../engine/core/parse.ts';
import { corpus, jsonViolations, loadScore, options, parseCorpus, tempDir } from './helpers.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => {
  await tmp.dispose();
});

const indexOf = (blocks: Block[], start: string) => blocks.findIndex((b) => b.content.startsWith(start));

describe('JSON shape', () => {
  it.each([
    'pdf-digital/multi_page.pdf',
    'pdf-digital/federal-register-2020-17221.pdf',
    'pdf-digital/picture_classification.pdf',
    'pdf-digital/redp5110_sampled.pdf',
    'cjk/issue12823.pdf',
    'rotated/rotated-page-90.pdf',
    'images/double-column-A.jpg',
  ])('%s: valid types, idx and bboxes', async (rel) => {
    // OCR'd pages have their own shape test (tests/engine/ocr); a full-page OCR is too slow here.
    const doc = await parseCorpus(rel, tmp.dir, { ocr: { enabled: false, lang: 'auto' } });
    expect(doc.json.pages.length).toBe(doc.pageCount);
    expect(jsonViolations(doc)).toEqual([]);
  });

  it('page_size is the page at 144 DPI (2 × points)', async () => {
    const doc = await parseCorpus('pdf-digital/multi_page.pdf', tmp.dir);
    expect(doc.json.pages[0].page_size).toEqual({ w: 1190, h: 1684 }); // A4: 595.2 × 841.92 pt
    expect(doc.fileType).toBe('.pdf');
  });
});

describe('reading order', () => {
  it('reads a two-column page column by column, after the full-width title', async () => {
    const doc = await parseCorpus('pdf-digital/multi-column-2p.pdf', tmp.dir);
    const b = doc.json.pages[0].blocks;
    const title = indexOf(b, 'Dense Passage Retrieval');
    const abstract = indexOf(b, 'Abstract');
    const intro = b.findIndex((x) => /^1\s+Introduction/.test(x.content));
    const leftBody = indexOf(b, 'Open-domain question answering (QA)');
    const rightBody = indexOf(b, 'Retrieval in open-domain QA');
    expect(Math.min(title, abstract, intro, leftBody, rightBody)).toBeGreaterThanOrEqual(0);
    expect(title).toBeLessThan(abstract);
    expect(abstract).toBeLessThan(intro);
    expect(intro).toBeLessThan(leftBody);
    expect(leftBody).toBeLessThan(rightBody);
  });
});

describe('titles', () => {
  it('finds the section titles of multi_page.pdf with levels, and builds the catalog', async () => {
    const doc = await parseCorpus('pdf-digital/multi_page.pdf', tmp.dir);
    const titles = doc.json.pages.flatMap((p) => p.blocks.filter((b) => b.type === 'title'));
    const names = titles.map((t) => t.content);
    expect(names).toContain('Pre-Digital Era (19th - Early 20th Century)');
    expect(names).toContain('The Birth of Word Processing (1960s - 1970s)');
    expect(names).toContain('A Glimpse Into the Future');
    expect(names.some((n) => n.startsWith('The origins of word processing'))).toBe(false);
    // Section headings (13.5 pt bold) share one level (titles.test.ts checks the document title's).
    const level = (n: string) => titles.find((t) => t.content === n)!.title_level;
    expect(level('Pre-Digital Era (19th - Early 20th Century)')).toBe(level('A Glimpse Into the Future'));
    expect(doc.markdown).toMatch(/^#{1,6} Pre-Digital Era \(19th - Early 20th Century\)$/m);
    expect(doc.catalog.length).toBeGreaterThan(0);
    const flat = (n: typeof doc.catalog): number => n.reduce((a, c) => a + 1 + flat(c.children), 0);
    expect(flat(doc.catalog)).toBe(titles.length);
    const node = doc.catalog.find((c) => c.content === 'Pre-Digital Era (19th - Early 20th Century)')!;
    expect(doc.json.pages[node.page_num].blocks[node.block_idx].content).toBe(node.content);
  });
});

describe('headers and footers', () => {
  it('keeps the header and footer of header-test-doc.pdf out of the Markdown unless asked', async () => {
    const doc = await parseCorpus('pdf-digital/header-test-doc.pdf', tmp.dir);
    const types = doc.json.pages[0].blocks.map((b) => b.type);
    expect(types).toContain('header');
    expect(types).toContain('footer');
    expect(doc.markdown).not.toMatch(/I Am A Header|I Am A Footer/);
    expect(doc.markdown).toContain('Here is a lovely sentences.');
    const kept = await parseCorpus('pdf-digital/header-test-doc.pdf', tmp.dir, { fc: { keep_header_footer: true } });
    expect(kept.markdown).toMatch(/I Am A Header[\s\S]*I Am A Footer/);
  });

  it('drops running heads and page numbers of a long book', async () => {
    const doc = await parseCorpus('pdf-digital/redp5110_sampled.pdf', tmp.dir);
    const footers = doc.json.pages.flatMap((p) => p.blocks.filter((b) => b.type === 'footer' || b.type === 'header'));
    expect(footers.length).toBeGreaterThan(5);
    for (const f of footers.filter((x) => /\p{L}{3}/u.test(x.content)))
      expect(doc.markdown.split('\n')).not.toContain(f.content);
  });
});

describe('cross-page paragraphs', () => {
  it('flags a page that opens with the tail of the previous paragraph, and joins it only when asked', async () => {
    const doc = await parseCorpus('pdf-digital/federal-register-2020-17221.pdf', tmp.dir);
    const flags = doc.json.pages.map((p) => p.merge_content_from_pre_page);
    expect(flags[0]).toBe(false);
    expect(flags[1]).toBe(true); // "… takeoff from Soekarno-" | "Hatta International Airport …"
    expect(flags.filter(Boolean).length).toBeLessThan(flags.length / 2);
    // Not joined: the page break stays.
    expect(doc.markdown).toContain('Soekarno-\n\nHatta International Airport');
    const joined = await parseCorpus('pdf-digital/federal-register-2020-17221.pdf', tmp.dir, {
      fc: { enable_text_cross_page: true },
    });
    expect(joined.markdown).toContain('takeoff from Soekarno-Hatta International Airport');
    expect(joined.json).toEqual(doc.json);
  });

  it('never flags a page that starts with a title', async () => {
    const doc = await parseCorpus('pdf-digital/multi_page.pdf', tmp.dir);
    expect(doc.json.pages.map((p) => p.merge_content_from_pre_page)).toEqual([false, false, false, false, false]);
  });
});

describe('figures and images', () => {
  it('crops figures to image_NNN.png and links them', async () => {
    const doc = await parseCorpus('pdf-digital/picture_classification.pdf', tmp.dir);
    const figs = doc.json.pages.flatMap((p) => p.blocks.filter((b) => b.type === 'figure'));
    expect(figs.length).toBeGreaterThanOrEqual(2);
    expect(doc.images.map((i) => i.fileName).slice(0, 2)).toEqual(['image_001.png', 'image_002.png']);
    for (const im of doc.images) {
      const png = readFileSync(join(tmp.dir, 'images', im.fileName));
      expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      expect(doc.markdown).toContain(`](${im.url})`);
    }
    expect(figs[0].img_url).toBe(doc.images[0].url);
  });

  it('image=none writes no crops and links nothing; base64 inlines data URIs', async () => {
    const none = await parseCorpus('pdf-digital/picture_classification.pdf', join(tmp.dir, 'none'), {
      ef: { image: 'none' },
    });
    expect(none.images).toEqual([]);
    expect(none.markdown).not.toContain('![');
    expect(existsSync(join(tmp.dir, 'none', 'images'))).toBe(false);
    const b64 = await parseCorpus('pdf-digital/picture_classification.pdf', join(tmp.dir, 'b64'), {
      ef: { image: 'base64' },
    });
    expect(b64.markdown).toContain('](data:image/png;base64,iVBOR');
  });

  const NO_OCR = { ocr: { enabled: false, lang: 'auto' as const } };
  it.each([
    ['images/bmp_24.bmp', 200, 200],
    ['images/double-column-A.jpg', 1248, 1664],
    ['images/webp-test.webp', 2000, 2829],
  ])('%s (OCR off) is one page of its own pixel size with a figure', async (rel, w, h) => {
    const doc = await parseCorpus(rel, tmp.dir, NO_OCR);
    expect(doc.pageCount).toBe(1);
    const p = doc.json.pages[0];
    if (w) expect(p.page_size).toEqual({ w, h });
    expect(p.blocks.map((b) => b.type)).toEqual(['figure']);
    expect(p.blocks[0].bbox).toEqual([0, 0, p.page_size.w, p.page_size.h]);
    expect(doc.images.length).toBe(1);
    expect(doc.markdown.trim()).toBe(`![](${doc.images[0].url})`);
  });

  it('a multi-page TIFF (OCR off) is one page per image, each a figure of its pixel size', async () => {
    const doc = await parseCorpus('images/2206.01062.tif', tmp.dir, NO_OCR);
    expect(doc.pageCount).toBe(2);
    expect(doc.json.pages.map((p) => p.page_size)).toEqual([
      { w: 612, h: 792 },
      { w: 612, h: 792 },
    ]);
    expect(doc.json.pages.map((p) => p.blocks.map((b) => b.type))).toEqual([['figure'], ['figure']]);
    expect(doc.images.length).toBe(2);
  });
});

describe('GIF input', () => {
  it('is one page with a PNG crop', async () => {
    const gif = join(tmp.dir, 'dot.gif'); // a 1×1 GIF89a
    writeFileSync(gif, Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
    const doc = await parseDocument(gif, 'dot.gif', options(join(tmp.dir, 'gif')));
    expect(doc.fileType).toBe('.gif');
    expect(doc.json.pages[0].page_size).toEqual({ w: 1, h: 1 });
    expect(doc.images.map((i) => i.fileName)).toEqual(['image_001.png']);
  });
});

describe('progress and abort', () => {
  it('reports every page and stops when aborted', async () => {
    const seen: number[] = [];
    await parseCorpus('pdf-digital/redp5110_sampled.pdf', tmp.dir, {
      onProgress: (p) => {
        expect(p.pages_total).toBe(18);
        seen.push(p.pages_done);
      },
    });
    expect(seen).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    const ac = new AbortController();
    const run = parseCorpus('large/freeculture.pdf', tmp.dir, {
      signal: ac.signal,
      onProgress: (p) => {
        if (p.pages_done === 3) ac.abort();
      },
    });
    await expect(run).rejects.toThrow();
  });
});

describe('text similarity with the reference Markdown', () => {
  it.each([
    ['multi_page', 0.97],
    ['picture_classification', 0.97],
    ['code_and_formula', 0.95],
    ['amt_handbook_sample', 0.93],
    ['right_to_left_01', 0.95],
    ['2305.03393v1-pg9', 0.93],
  ])('%s ≥ %f', async (stem, min) => {
    const score = await loadScore();
    const doc = await parseCorpus(`pdf-digital/${stem}.pdf`, tmp.dir);
    const ref = readFileSync(corpus(`pdf-digital/${stem}.expected.md`), 'utf8');
    expect(score.similarity(score.plain(doc.markdown), score.plain(ref))).toBeGreaterThanOrEqual(min);
  });
});

describe('title F1 against the reference titles (score.mjs)', () => {
  it.each(['multi_page', 'amt_handbook_sample', 'right_to_left_01', 'picture_classification'])(
    '%s ≥ 0.9 on text',
    async (stem) => {
      const score = await loadScore();
      const ref = JSON.parse(readFileSync(corpus(`pdf-digital/${stem}.expected.json`), 'utf8')) as {
        texts: { label: string; text: string; level?: number }[];
      };
      const truth = ref.texts
        .filter((t) => t.label === 'title' || t.label === 'section_header')
        .map((t) => ({ text: t.text, level: t.level ?? 1 }));
      const doc = await parseCorpus(`pdf-digital/${stem}.pdf`, tmp.dir);
      expect(
        score.titleScores(
          truth,
          doc.json.pages.flatMap((p) => p.blocks),
        ).text,
      ).toBeGreaterThanOrEqual(0.9);
    },
  );
});

describe('tables and code', () => {
  it('turns a ruled table into HTML with spans, rows in order', async () => {
    const doc = await parseCorpus('pdf-digital/2305.03393v1-pg9.pdf', tmp.dir);
    const tables = doc.json.pages[0].blocks.filter((b) => b.type === 'table');
    expect(tables.length).toBe(1);
    const html = tables[0].content;
    expect(html).toMatch(/^<table>.*<\/table>$/);
    expect(html).toContain('<td colspan="3">TEDs</td>');
    expect(html).toContain('<td>simple</td><td>complex</td><td>all</td>');
    expect(html.indexOf('0.965 0.969')).toBeLessThan(html.indexOf('0.938 0.952'));
    expect(doc.markdown).toContain(html);
    expect(doc.markdown).not.toMatch(/^OTSL HTML OTSL/m); // cell text is not repeated as loose paragraphs
  });

  it('reads a table set sideways on its page (text turned 90°) as a table, boxes in the page frame', async () => {
    const doc = await parseCorpus('rotated/nics-background-checks-2015-11-rotated.pdf', tmp.dir);
    expect(jsonViolations(doc)).toEqual([]);
    const p = doc.json.pages[0];
    const table = p.blocks.find((b) => b.type === 'table')!;
    expect(table.content.indexOf('<td>Alabama</td>')).toBeGreaterThan(0);
    expect(table.content.indexOf('<td>Alabama</td>')).toBeLessThan(table.content.indexOf('<td>Alaska</td>'));
    expect(table.bbox[3] - table.bbox[1]).toBeGreaterThan(table.bbox[2] - table.bbox[0]); // tall on the portrait page
  });

  it('keeps a listing as a fenced code block with its line breaks', async () => {
    const doc = await parseCorpus('pdf-digital/code_and_formula.pdf', tmp.dir);
    const code = doc.json.pages.flatMap((p) => p.blocks).filter((b) => b.type === 'code');
    expect(code.map((c) => c.content)).toEqual(['function add(a, b) {\n    return a + b;\n}\nconsole.log(add(3, 5));']);
    expect(doc.markdown).toContain('```\nfunction add(a, b) {\n    return a + b;\n}\nconsole.log(add(3, 5));\n```');
  });
});

describe('split analysis (worker pool)', () => {
  it('two page ranges analysed apart, serialised and assembled give the same document as parseDocument', async () => {
    const rel = 'pdf-digital/redp5110_sampled.pdf';
    const whole = await parseCorpus(rel, join(tmp.dir, 'whole'));
    const dir = join(tmp.dir, 'split');
    const opts = options(dir);
    const parts = await Promise.all(
      [
        [0, 7],
        [7, 18],
      ].map(([a, b]) => analysePages(corpus(rel), '.pdf', a, b, { imageDir: opts.imageDir })),
    );
    const analyses = structuredClone(parts.flat()) as PageAnalysis[]; // what crosses the thread boundary
    const doc = await assembleDocument(analyses.reverse(), { fileType: '.pdf', pageCount: 18 }, opts);
    const strip = (s: string) => s.replaceAll('http://engine.test/files/', '');
    expect(strip(doc.markdown)).toBe(strip(whole.markdown));
    expect(doc.images.map((i) => i.fileName)).toEqual(whole.images.map((i) => i.fileName));
    expect(JSON.parse(strip(JSON.stringify(doc.json)))).toEqual(JSON.parse(strip(JSON.stringify(whole.json))));
    expect(readdirSync(join(dir, 'images')).sort()).toEqual(doc.images.map((i) => i.fileName).sort());
  });
});
