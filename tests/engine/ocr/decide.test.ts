// Which PDF pages the engine recognises (no text layer, garbage layer) and which keep their text layer
// (born-digital, or a good invisible OCR layer); and the dictionaries read from the model files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PdfDocument } from '../../../engine/pdf/mupdf.ts';
import type { RawLine, RawPage } from '../../../engine/raw.ts';
import { ocrReason } from '../../../engine/source/ocr-pages.ts';
import { modelDir } from '../../../engine/ocr/runtime.ts';
import { recClasses } from '../../../engine/ocr/meta.ts';
import { latinPage, latinVerdict } from '../../../engine/ocr/script.ts';
import { corpus } from '../parse/helpers.ts';

function firstPage(rel: string): RawPage {
  const doc = new PdfDocument(new Uint8Array(readFileSync(corpus(rel))));
  const pg = doc.loadPage(0);
  const raw = pg.raw;
  pg.close();
  doc.close();
  return raw;
}

const line = (text: string, y: number): RawLine => ({
  text,
  cx0: [...text].map((_, i) => 10 + i * 5),
  cx1: [...text].map((_, i) => 15 + i * 5),
  bbox: [10, y, 10 + 5 * text.length, y + 12],
  size: 10,
  bold: 0,
  italic: 0,
  mono: 0,
  font: 'F',
  rotated: false,
  rtl: false,
});
const page = (lines: RawLine[]): RawPage => ({
  index: 0,
  width: 612,
  height: 792,
  rotation: 0,
  pageWidth: 612,
  pageHeight: 792,
  blocks: [{ bbox: [0, 0, 612, 792], lines }],
  images: [],
  vectors: [],
});

describe('ocrReason', () => {
  it('recognises an image-only page and keeps a born-digital one', () => {
    expect(ocrReason(firstPage('pdf-scanned/ocr_test.pdf'))).toBe('scan');
    expect(ocrReason(firstPage('pdf-digital/multi_page.pdf'))).toBeNull();
  });

  it('keeps a good invisible OCR text layer over a scan', () => {
    const raw = firstPage('pdf-scanned/pdf-with-ocr-text.pdf');
    expect(raw.images.length).toBeGreaterThan(0);
    expect(ocrReason(raw)).toBeNull();
  });

  it('recognises a page whose text layer is mostly unmapped glyphs, not one with a few', () => {
    const bad = '\ufffd'.repeat(30);
    expect(ocrReason(page([line(bad, 10), line('Some readable words here', 30)]))).toBe('garbage');
    expect(ocrReason(page([line('A readable line of text with one \ufffd glyph in it', 10)]))).toBeNull();
  });
});

describe('model dictionaries', () => {
  it('come from the ONNX metadata: English has Latin letters, Chinese has CJK', () => {
    const en = recClasses(new Uint8Array(readFileSync(join(modelDir(), 'en_PP-OCRv3_rec_infer.onnx'))));
    const zh = recClasses(new Uint8Array(readFileSync(join(modelDir(), 'ch_PP-OCRv4_rec_infer.onnx'))));
    expect(en[0]).toBe('');
    expect(en).toContain('a');
    expect(en.length).toBeGreaterThan(90);
    expect(zh).toContain('中');
    expect(zh.length).toBeGreaterThan(6000);
  });
});

describe('page script probe', () => {
  const en = 'The quick brown fox jumps',
    zh = '中文的文本行在这里';

  it('settles as soon as the rest of the probe cannot change the verdict', () => {
    expect(latinVerdict([], 6)).toBeNull();
    expect(latinVerdict([en, en, en, en], 6)).toBeNull();
    expect(latinVerdict([en, en, en, en, en], 6)).toBe(true);
    expect(latinVerdict([zh], 6)).toBeNull();
    expect(latinVerdict([zh, en, zh], 6)).toBe(false);
    expect(latinVerdict([], 0)).toBe(false);
  });

  it('gives the same verdict as the whole probe', () => {
    expect(latinPage([en, en, en, en, zh])).toBe(true);
    expect(latinPage([en, en, en, zh, zh])).toBe(false);
    expect(latinPage([])).toBe(false);
  });
});
