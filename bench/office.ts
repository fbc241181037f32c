// Office documents through LibreOffice and the PDF parser: node bench/office.ts [name-filter]
// For every ../shared/corpus/office/* document: conversion and parse wall time, pages, and the text
// similarity of the Markdown (the converted PDF's parse with the structure of the source XML laid over it,
// as the engine does) against its .expected.md (score.mjs plain() + similarity()) where one exists.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertToPdf } from '../engine/source/office/convert.ts';
import { findSoffice } from '../engine/source/office/soffice.ts';
import { fromSource } from '../engine/source/office/structure.ts';
import { parseDocument } from '../engine/core/parse.ts';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG } from '../shared/somark.ts';

interface Score {
  plain(md: string): string;
  similarity(a: string, b: string): number;
}
const dir = fileURLToPath(new URL('../../shared/corpus/office/', import.meta.url));
const score = (await import(new URL('../../shared/tools/score.mjs', import.meta.url).href)) as Score;
const filter = process.argv[2] ?? '';
const soffice = findSoffice();
if (!soffice) {
  console.log('LibreOffice not found (set DOCPARSE_SOFFICE or install it): nothing to measure');
  process.exit(1);
}
console.log(`soffice: ${soffice}`);
const work = await mkdtemp(join(tmpdir(), 'docparse-bench-office-'));
const sims: number[] = [];
try {
  const files = (await readdir(dir)).filter((f) => !f.includes('.expected.') && f.includes(filter)).sort();
  console.log(['file', 'pages', 'convert_s', 'parse_s', 'similarity'].join('\t'));
  for (const f of files) {
    const pdf = join(work, `${f}.pdf`);
    const t0 = performance.now();
    await convertToPdf(join(dir, f), pdf, { soffice, ext: extname(f).toLowerCase() });
    const t1 = performance.now();
    const options = {
      featureConfig: DEFAULT_FEATURE_CONFIG,
      elementFormats: DEFAULT_ELEMENT_FORMATS,
      imageDir: join(work, 'images'),
      imageUrl: (n: string) => `images/${n}`,
    };
    const doc = await fromSource(
      join(dir, f),
      extname(f).toLowerCase(),
      await parseDocument(pdf, 'source.pdf', options),
      options,
    );
    const t2 = performance.now();
    const expected = join(dir, f.replace(/\.[^.]+$/, '.expected.md'));
    let sim = '-';
    if (existsSync(expected)) {
      const s = score.similarity(score.plain(doc.markdown), score.plain(await readFile(expected, 'utf8')));
      sims.push(s);
      sim = s.toFixed(3);
    }
    console.log([f, doc.pageCount, ((t1 - t0) / 1000).toFixed(1), ((t2 - t1) / 1000).toFixed(2), sim].join('\t'));
  }
  if (sims.length)
    console.log(
      `mean similarity over ${sims.length} files with a reference: ${(sims.reduce((a, b) => a + b, 0) / sims.length).toFixed(3)}`,
    );
} finally {
  await rm(work, { recursive: true, force: true });
}
