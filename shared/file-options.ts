// Per-file parse options (OCR on/off, OCR language, page range): their values, defaults and checks, one
// rule for the app's submit, its settings and the engine's request fields (`ocr`, `ocr_lang`, `page_range`,
// docs/protocol.md local extensions). Which backend honours them is shared/capabilities.ts's to say.

/** Languages the shipped OCR models read: PP-OCRv3 English (Latin letters, digits) and PP-OCRv4 Chinese
 *  (Han characters, also Latin). 'auto' picks per page. */
export const OCR_LANGUAGES = ['auto', 'en', 'zh'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

export interface FileOptions {
  /** false: pages without a text layer stay pictures (no OCR). */
  ocr: boolean;
  ocrLang: OcrLanguage;
  /** '' = every page; else "1-3,5" (1-based, inclusive ranges, in any order; pages are kept in document order). */
  pageRange: string;
}

export const DEFAULT_FILE_OPTIONS: FileOptions = { ocr: true, ocrLang: 'auto', pageRange: '' };

const MAX_RANGE_CHARS = 200;

/**
 * "1-3, 5" → the 1-based page numbers asked for, sorted, without repeats; '' → null (every page). Throws an
 * Error with a sentence when the text is not a range list. `pageCount`, when known, bounds the pages.
 */
export function parsePageRange(text: string, pageCount?: number): number[] | null {
  const s = text.trim();
  if (s === '') return null;
  if (s.length > MAX_RANGE_CHARS) throw new Error(`page range is longer than ${MAX_RANGE_CHARS} characters`);
  const pages = new Set<number>();
  for (const part of s.split(/[,，\s]+/).filter(Boolean)) {
    const m = /^(\d{1,5})(?:\s*[-–~]\s*(\d{1,5}))?$/.exec(part);
    if (!m) throw new Error(`page range "${part}" is not a page or a range like 2-5`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b < a) throw new Error(`page range "${part}" must count up from page 1`);
    if (pageCount !== undefined && b > pageCount)
      throw new Error(`page range "${part}" goes past the last page (${pageCount})`);
    for (let p = a; p <= b; p++) pages.add(p);
  }
  return [...pages].sort((x, y) => x - y);
}

/** "1-3,5" from sorted page numbers (how the row shows a range). */
export function formatPageRange(pages: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    out.push(j > i ? `${pages[i]}-${pages[j]}` : `${pages[i]}`);
    i = j;
  }
  return out.join(',');
}

/** Checks an options object from an untrusted side (renderer, stored settings); throws an Error naming the
 *  bad field. Missing fields take the defaults (`base`). */
export function checkFileOptions(v: unknown, base: FileOptions = DEFAULT_FILE_OPTIONS): FileOptions {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('fileOptions must be an object');
  const out = { ...base };
  for (const [k, val] of Object.entries(v)) {
    if (k === 'ocr') {
      if (typeof val !== 'boolean') throw new Error('fileOptions.ocr must be true or false');
      out.ocr = val;
    } else if (k === 'ocrLang') {
      if (!(OCR_LANGUAGES as readonly unknown[]).includes(val))
        throw new Error(`fileOptions.ocrLang must be one of ${OCR_LANGUAGES.join(', ')}`);
      out.ocrLang = val as OcrLanguage;
    } else if (k === 'pageRange') {
      if (typeof val !== 'string') throw new Error('fileOptions.pageRange must be text like "1-3,5"');
      const pages = parsePageRange(val);
      out.pageRange = pages ? formatPageRange(pages) : '';
    } else throw new Error(`fileOptions.${k} is not a known option`);
  }
  return out;
}

/** True when the options are the defaults (every page, OCR on, language auto: what every backend does). */
export const isDefaultFileOptions = (o: FileOptions): boolean => o.ocr && o.ocrLang === 'auto' && o.pageRange === '';
