// Layout fidelity on born-digital documents like issue 11's held-out set:
//   node bench/holdout.ts [--out dir] [--producer libreoffice|chromium|latex|all] [--service-defaults] [name-filter]
// Writes each generated document (bench/holdout/docs-*.ts) through each producer — as a flat ODT that
// LibreOffice turns into a PDF (fodt.ts), as HTML that Chromium prints (html.ts) and, English only, as LaTeX
// that pdfLaTeX typesets (latex.ts); default: all three, one table each — parses the PDF and scores it against the same exact truth: text similarity (score.mjs plain() +
// similarity()), title F1 on text and text+level, TEDS of every truth table against its best Markdown table,
// and running header/footer lines left in the Markdown. It parses as the app and `npm run parse` do (CLIENT_FEATURE_CONFIG: paragraphs
// and tables joined across pages); --service-defaults parses with the service's defaults instead (SoMark's
// enable_text_cross_page / enable_table_cross_page off). Sources, PDFs, truth and output stay in the out
// folder for inspection, one subfolder per producer.
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { convertToPdf } from '../engine/source/office/convert.ts';
import { findSoffice } from '../engine/source/office/soffice.ts';
import { parseDocument } from '../engine/core/parse.ts';
import {
  CLIENT_FEATURE_CONFIG,
  DEFAULT_ELEMENT_FORMATS,
  DEFAULT_FEATURE_CONFIG,
  type Block,
} from '../shared/somark.ts';
import { enPaper, enReport, enTwoColumn } from './holdout/docs-en.ts';
import { enGuide, enLong, enMemo } from './holdout/docs-en-styles.ts';
import { mixed, zhPaper, zhReport, zhTwoColumn } from './holdout/docs-zh.ts';
import { fodtOf } from './holdout/fodt.ts';
import { chromiumFound, htmlOf, htmlToPdf } from './holdout/html.ts';
import { latexFound, latexOf, latexToPdf } from './holdout/latex.ts';
import { truthOf, type HoldoutDoc } from './holdout/model.ts';
import { teds } from './teds.ts';

interface Score {
  plain(md: string): string;
  similarity(a: string, b: string): number;
  titleScores(truth: { text: string; level: number }[], blocks: Block[]): { text: number; level: number };
}
const score = (await import(new URL('../../shared/tools/score.mjs', import.meta.url).href)) as Score;
const DOCS: HoldoutDoc[] = [
  enPaper,
  enReport,
  enTwoColumn,
  enLong,
  enGuide,
  enMemo,
  zhTwoColumn,
  zhReport,
  mixed,
  zhPaper,
];

/** Each truth table's TEDS against the engine table that matches it (best pairs first, each table used once). */
function tableScores(truth: string[], got: string[]): number[] {
  const pairs = truth.flatMap((t, i) => got.map((g, j) => ({ i, j, s: teds(t, g) }))).sort((a, b) => b.s - a.s);
  const best = truth.map(() => 0),
    usedT = new Set<number>(),
    usedG = new Set<number>();
  for (const p of pairs)
    if (!usedT.has(p.i) && !usedG.has(p.j)) {
      best[p.i] = p.s;
      usedT.add(p.i);
      usedG.add(p.j);
    }
  return best;
}

/** Markdown lines that are the running header or footer (its `#` any page number) and no line or table cell of
 * the truth. */
function leaks(doc: HoldoutDoc, md: string, truth: string): string[] {
  const mine = new Set([
    ...truth.split('\n').map((l) => l.trim()),
    ...[...truth.matchAll(/>([^<>]+)</g)].map((m) => m[1].trim()),
  ]);
  const res = [doc.header, doc.footer]
    .filter((s): s is string => !!s)
    .map((s) => {
      const body = s
        .split('#')
        .map((p) => p.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('\\s*\\d+\\s*');
      return new RegExp(s.replace('#', '').trim().length >= 6 ? body.replace(/\\s\*\\d\+\\s\*$/, '') : `^${body}$`);
    });
  return md
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !mine.has(l) && res.some((re) => re.test(l)));
}

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const out = resolve(opt('--out') ?? join(tmpdir(), 'docparse-holdout'));
const filter = args.find((a, i) => !a.startsWith('--') && !['--out', '--producer'].includes(args[i - 1]));
const serviceDefaults = args.includes('--service-defaults');
const producer = opt('--producer') ?? 'all';
if (!['libreoffice', 'chromium', 'latex', 'all'].includes(producer)) {
  console.log('--producer is libreoffice, chromium, latex or all');
  process.exit(2);
}
const soffice = findSoffice();
const f3 = (v: number) => (Number.isNaN(v) ? '  -  ' : v.toFixed(3));
const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN);

/** Makes `base`.pdf from the document with one producer. */
async function makePdf(by: string, doc: HoldoutDoc, base: string): Promise<void> {
  if (by === 'latex') {
    await writeFile(`${base}.tex`, latexOf(doc));
    await latexToPdf(`${base}.tex`);
  } else if (by === 'chromium') {
    const html = htmlOf(doc);
    await writeFile(`${base}.html`, html);
    await htmlToPdf(doc, html, `${base}.pdf`);
  } else {
    await writeFile(`${base}.fodt`, fodtOf(doc));
    await convertToPdf(`${base}.fodt`, `${base}.pdf`, { soffice: soffice!, ext: '.fodt' });
  }
}

/** One producer's table: every document made, parsed and scored. */
async function measure(by: string): Promise<void> {
  const dir = join(out, by);
  await mkdir(dir, { recursive: true });
  const rows: { sim: number; tText: number; tLevel: number; tables: number[]; leaks: number }[] = [];
  console.log(`\n${by}\n${'document'.padEnd(16)} pages  text   title  level  TEDS (tables)        hdr/ftr`);
  for (const doc of DOCS.filter((d) => (!filter || d.name.includes(filter)) && (by !== 'latex' || d.lang === 'en'))) {
    const base = join(dir, doc.name),
      truth = truthOf(doc);
    await writeFile(`${base}.truth.md`, truth.markdown);
    await writeFile(`${base}.truth.json`, JSON.stringify({ titles: truth.titles, tables: truth.tables }, null, 1));
    await makePdf(by, doc, base);
    const parsed = await parseDocument(`${base}.pdf`, `${doc.name}.pdf`, {
      featureConfig: serviceDefaults ? DEFAULT_FEATURE_CONFIG : CLIENT_FEATURE_CONFIG,
      elementFormats: DEFAULT_ELEMENT_FORMATS,
      imageDir: join(dir, 'images'),
      imageUrl: (n) => `images/${n}`,
    });
    await writeFile(`${base}.out.md`, parsed.markdown);
    const blocks = parsed.json.pages.flatMap((p) => p.blocks);
    const sim = score.similarity(score.plain(parsed.markdown), score.plain(truth.markdown));
    const t = score.titleScores(truth.titles, blocks);
    // Tables as the Markdown gives them (one table where a column or page break cut it; the JSON keeps a block per part).
    const tables = tableScores(truth.tables, parsed.markdown.match(/<table>[\s\S]*?<\/table>/g) ?? []);
    const hf = leaks(doc, parsed.markdown, truth.markdown);
    rows.push({ sim, tText: t.text, tLevel: t.level, tables, leaks: hf.length });
    const tb = tables.length ? `${f3(mean(tables))} (${tables.map((s) => s.toFixed(2)).join(' ')})` : '  -  ';
    console.log(
      `${doc.name.padEnd(16)} ${String(parsed.pageCount).padStart(5)}  ${f3(sim)}  ${f3(t.text)}  ${f3(t.level)}  ${tb.padEnd(20)} ${hf.length ? `${hf.length}: ${hf.slice(0, 2).join(' | ')}` : '0'}`,
    );
  }
  const all = rows.flatMap((r) => r.tables);
  console.log(
    `${'MEAN'.padEnd(16)}        ${f3(mean(rows.map((r) => r.sim)))}  ${f3(mean(rows.map((r) => r.tText)))}  ${f3(mean(rows.map((r) => r.tLevel)))}  ${f3(mean(all))} over ${all.length} tables   ${rows.reduce((s, r) => s + r.leaks, 0)}`,
  );
  console.log(
    `${'BARS'.padEnd(16)}        ≥0.970  ≥0.970  ≥0.900  ≥0.950                    0   (text ≥0.930 each; min ${f3(Math.min(...rows.map((r) => r.sim)))})`,
  );
}

const producers: string[] = [];
if (producer === 'libreoffice' || producer === 'all') {
  if (soffice) producers.push('libreoffice');
  else console.log('LibreOffice not found (set DOCPARSE_SOFFICE or install it): no libreoffice table');
}
if (producer === 'chromium' || producer === 'all') {
  if (await chromiumFound()) producers.push('chromium');
  else console.log('Chromium not found (set CHROMIUM_PATH): no chromium table');
}
if (producer === 'latex' || producer === 'all') {
  if (await latexFound()) producers.push('latex');
  else console.log('pdflatex not found (set PDFLATEX_PATH): no latex table (English documents only)');
}
if (!producers.length) process.exit(1);
for (const by of producers) await measure(by);
console.log(`\nsources, PDFs, truth and output: ${out}/<producer>`);
