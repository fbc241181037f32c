// Shared helpers for the parser tests: corpus paths, default options, the scoring module, and builders of
// pages, blocks and glyphs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { parseDocument } from '../../../engine/core/parse.ts';
import type { ParsedDocument, ParseOptions } from '../../../engine/types.ts';
import type { Glyph } from '../../../engine/kinds/formulas/glyphs.ts';
import type { Elem, PageAnalysis, Rect } from '../../../engine/model.ts';
import {
  CLIENT_FEATURE_CONFIG,
  DEFAULT_ELEMENT_FORMATS,
  DEFAULT_FEATURE_CONFIG,
  type Block,
  type ElementFormats,
  type FeatureConfig,
  type Page,
} from '../../../shared/somark.ts';

/** Absolute path of a file in ../shared/corpus (beside the repo). */
export const corpus = (rel: string): string =>
  fileURLToPath(new URL(`../../../../shared/corpus/${rel}`, import.meta.url));

export interface Score {
  plain(md: string): string;
  similarity(a: string, b: string): number;
  titleScores(truth: { text: string; level: number }[], blocks: Block[]): { text: number; level: number };
}
export const loadScore = async (): Promise<Score> =>
  (await import(new URL('../../../../shared/tools/score.mjs', import.meta.url).href)) as Score;

export async function tempDir(): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'docparse-parse-test-'));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** A temporary folder made before a suite's tests and removed after them: `at('x')` is a path in it,
 *  `at()` the folder itself. */
export function suiteDir(): (...parts: string[]) => string {
  let made: { dir: string; dispose: () => Promise<void> } | undefined;
  beforeAll(async () => {
    made = await tempDir();
  });
  afterAll(() => made?.dispose());
  return (...parts) => join(made!.dir, ...parts);
}

/** A body text element of a page analysis: 10.5 pt, a line per 15 points of height, plain, unless `over` says. */
export const textElem = (text: string, bbox: Rect, over: Partial<Elem> = {}): Elem => ({
  kind: 'text',
  text,
  bbox,
  nLines: Math.max(1, Math.round((bbox[3] - bbox[1]) / 15)),
  size: 10.5,
  bold: 0,
  italic: 0,
  mono: 0,
  indent: false,
  shortLast: false,
  zone: 'body',
  ...over,
});

export function options(
  dir: string,
  over: { fc?: Partial<FeatureConfig>; ef?: Partial<ElementFormats> } & Partial<ParseOptions> = {},
): ParseOptions {
  const { fc, ef, ...rest } = over;
  return {
    featureConfig: { ...DEFAULT_FEATURE_CONFIG, ...fc },
    elementFormats: { ...DEFAULT_ELEMENT_FORMATS, ...ef },
    imageDir: join(dir, 'images'),
    imageUrl: (n) => `http://engine.test/files/${n}`,
    ...rest,
  };
}

export async function parseCorpus(
  rel: string,
  dir: string,
  over: Parameters<typeof options>[1] = {},
): Promise<ParsedDocument> {
  const file = corpus(rel);
  return parseDocument(file, rel.split('/').pop()!, options(dir, over));
}

/** A committed fixture of tests/engine/parse/fixtures parsed once per suite, with the app's defaults. */
export function fixtureDoc(name: string, dir: () => string): () => Promise<ParsedDocument> {
  let parsed: Promise<ParsedDocument> | undefined;
  const path = fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));
  return () => (parsed ??= parseDocument(path, name, options(dir(), { fc: CLIENT_FEATURE_CONFIG })));
}

const KNOWN_TYPES = new Set([
  'text',
  'title',
  'figure',
  'figure_caption',
  'table',
  'table_caption',
  'equation',
  'header',
  'footer',
  'sider',
  'footnote',
  'code',
  'cate_item',
]);

/** Every structural invariant of the JSON output; returns a list of violations (empty = fine). */
export function jsonViolations(doc: ParsedDocument): string[] {
  const bad: string[] = [];
  doc.json.pages.forEach((p, pi) => {
    if (p.page_num !== pi) bad.push(`page ${pi}: page_num ${p.page_num}`);
    if (!(p.page_size.w > 0 && p.page_size.h > 0)) bad.push(`page ${pi}: page_size`);
    p.blocks.forEach((b, bi) => {
      const where = `page ${pi} block ${bi}`;
      if (b.idx !== bi) bad.push(`${where}: idx ${b.idx}`);
      if (!KNOWN_TYPES.has(b.type)) bad.push(`${where}: type ${b.type}`);
      const [x1, y1, x2, y2] = b.bbox;
      if (!(x2 > x1 && y2 > y1 && x1 >= 0 && y1 >= 0 && x2 <= p.page_size.w && y2 <= p.page_size.h))
        bad.push(`${where}: bbox ${b.bbox} in ${p.page_size.w}x${p.page_size.h}`);
      if (
        b.type === 'title'
          ? !(Number.isInteger(b.title_level) && b.title_level! >= 1 && b.title_level! <= 6)
          : 'title_level' in b
      )
        bad.push(`${where}: title_level`);
      if (b.format !== (b.type === 'table' ? 'html' : 'text')) bad.push(`${where}: format ${b.format}`);
      if (!Array.isArray(b.captions) || typeof b.img_url !== 'string' || typeof b.content !== 'string')
        bad.push(`${where}: fields`);
    });
  });
  return bad;
}

/** Every block of the pages, in order. */
export const blocks = (pages: Page[]): Block[] => pages.flatMap((p) => p.blocks);
/** The text without any white space. */
export const squeeze = (s: string) => s.replace(/\s+/g, '');

/** Glyphs of `text` set from x on a line spanning y0..y1, each `w` wide; `script` marks them all. */
export function row(
  text: string,
  x: number,
  y0: number,
  y1: number,
  line: number,
  w = 6,
  script: Glyph['script'] = '',
): Glyph[] {
  return [...text].map((ch, i) => ({
    ch,
    x0: x + i * w,
    x1: x + (i + 1) * w,
    y0,
    y1,
    size: script ? 7 : y1 - y0,
    line,
    script,
  }));
}

/** An A4 page analysis of born-digital elements. */
export const a4Page = (pageNum: number, elems: Elem[]): PageAnalysis => ({
  pageNum,
  width: 595,
  height: 842,
  scale: 2,
  scanned: false,
  elems,
});
/** `n` sentences of English prose. */
export const enWords = (n: number) =>
  Array.from({ length: n }, (_, i) => `The committee reviews the figures of region ${i + 1} and reports them.`).join(
    ' ',
  );
/** `n` sentences of Chinese prose. */
export const zhChars = (n: number) => '在现有研究的基础上，该方法比较了两种算法在实际场景中的表现。'.repeat(n);
