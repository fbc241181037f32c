// parseDocument on real corpus files: images and their element formats, GIF and TIFF input, progress and
// abort, split analysis, and text similarity and title F1 against the references.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analysePages, assembleDocument, parseDocument, type PageAnalysis } from '../../../engine/core/parse.ts';
import { corpus, loadScore, options, parseCorpus, suiteDir } from './helpers.ts';

const at = suiteDir();

describe('figures and images', () => {
  it('crops figures to image_NNN.png and links them', async () => {
    const doc = await parseCorpus('pdf-digital/picture_classification.pdf', at());
    const figs = doc.json.pages.flatMap((p) => p.blocks.filter((b) => b.type === 'figure'));
    expect(figs.length).toBeGreaterThanOrEqual(2);
    expect(doc.images.map((i) => i.fileName).slice(0, 2)).toEqual(['image_001.png', 'image_002.png']);
    for (const im of doc.images) {
      const png = readFileSync(join(at(), 'images', im.fileName));
      expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      expect(doc.markdown).toContain(`](${im.url})`);
    }
    expect(figs[0].img_url).toBe(doc.images[0].url);
  });

  it('image=none writes no crops and links nothing; base64 inlines data URIs', async () => {
    const none = await parseCorpus('pdf-digital/picture_classification.pdf', join(at(), 'none'), {
      ef: { image: 'none' },
    });
    expect(none.images).toEqual([]);
    expect(none.markdown).not.toContain('![');
    expect(existsSync(join(at(), 'none', 'images'))).toBe(false);
    const b64 = await parseCorpus('pdf-digital/picture_classification.pdf', join(at(), 'b64'), {
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
    const doc = await parseCorpus(rel, at(), NO_OCR);
    expect(doc.pageCount).toBe(1);
    const p = doc.json.pages[0];
    if (w) expect(p.page_size).toEqual({ w, h });
    expect(p.blocks.map((b) => b.type)).toEqual(['figure']);
    expect(p.blocks[0].bbox).toEqual([0, 0, p.page_size.w, p.page_size.h]);
    expect(doc.images.length).toBe(1);
    expect(doc.markdown.trim()).toBe(`![](${doc.images[0].url})`);
  });

  it('a multi-page TIFF (OCR off) is one page per image, each a figure of its pixel size', async () => {
    const doc = await parseCorpus('images/2206.01062.tif', at(), NO_OCR);
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
    const gif = join(at(), 'dot.gif'); // a 1×1 GIF89a
    writeFileSync(gif, Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
    const doc = await parseDocument(gif, 'dot.gif', options(join(at(), 'gif')));
    expect(doc.fileType).toBe('.gif');
    expect(doc.json.pages[0].page_size).toEqual({ w: 1, h: 1 });
    expect(doc.images.map((i) => i.fileName)).toEqual(['image_001.png']);
  });
});

describe('progress and abort', () => {
  it('reports every page and stops when aborted', async () => {
    const seen: number[] = [];
    await parseCorpus('pdf-digital/redp5110_sampled.pdf', at(), {
      onProgress: (p) => {
        expect(p.pages_total).toBe(18);
        seen.push(p.pages_done);
      },
    });
    expect(seen).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    const ac = new AbortController();
    const run = parseCorpus('large/freeculture.pdf', at(), {
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
    const doc = await parseCorpus(`pdf-digital/${stem}.pdf`, at());
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
      const doc = await parseCorpus(`pdf-digital/${stem}.pdf`, at());
      expect(
        score.titleScores(
          truth,
          doc.json.pages.flatMap((p) => p.blocks),
        ).text,
      ).toBeGreaterThanOrEqual(0.9);
    },
  );
});

describe('split analysis (worker pool)', () => {
  it('two page ranges analysed apart, serialised and assembled give the same document as parseDocument', async () => {
    const rel = 'pdf-digital/redp5110_sampled.pdf';
    const whole = await parseCorpus(rel, join(at(), 'whole'));
    const dir = join(at(), 'split');
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
