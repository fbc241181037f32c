// The serialisable result of analysing one page (what a worker thread sends back), and the options of
// the per-page analysis. The document-level assembly (assemble.ts) turns these into SoMark pages.
import type { Rect } from './raw.ts';
import type { OcrLanguage } from '../shared/file-options.ts';

export type { Rect };

type ElemKind = 'text' | 'figure' | 'table' | 'caption' | 'code' | 'equation';

export interface Elem {
  kind: ElemKind;
  /** PDF points (image inputs: pixels), origin top-left. */
  bbox: Rect;
  /** Text; HTML for tables; LaTeX for equations; caption text for figures. */
  text: string;
  nLines: number;
  /** Dominant font size, share of bold / italic / monospaced chars. */
  size: number;
  bold: number;
  italic: number;
  mono: number;
  /** Dominant font name (text elements). */
  font?: string;
  /** First line starts right of the block's left edge (indented paragraph start). */
  indent: boolean;
  /** Last line ends well before the block's right edge (paragraph end). */
  shortLast: boolean;
  /** In the top or bottom margin band of the page (header/footer candidate). */
  zone: 'top' | 'bottom' | 'body';
  /** Text inside is rotated or vertical. */
  rotated?: boolean;
  /** A table-of-contents entry (its dot leader dropped from the text). */
  toc?: boolean;
  /** Opens with a raised note mark (a footnote candidate: the assembly decides). */
  note?: boolean;
  /** A list item (bullet or enumerator at its start). */
  list?: boolean;
  /** The page's topmost line, with a rule right under it (a running head candidate: the assembly decides). */
  headRule?: boolean;
  /** Figure: file name of its crop inside the image dir (temporary; the assembly renames it). */
  crop?: string;
}

export interface PageAnalysis {
  pageNum: number;
  /** Page size in the bbox unit. */
  width: number;
  height: number;
  /** Pixels per bbox unit in the output (2 for PDFs at 144 DPI, 1 for images). */
  scale: number;
  /** No usable text layer: only the page image is there (OCR comes later). */
  scanned: boolean;
  /** In reading order. */
  elems: Elem[];
  /** Set when the page was too large to render at 144 dpi (engine/input/caps.ts): the dpi it was read at. */
  reducedDpi?: number;
}

export interface AnalyseOptions {
  /** Where figure crops are written (temporary names, renamed by the assembly); null: no crops. */
  imageDir: string | null;
  signal?: AbortSignal;
  /** Called before each page is read (the pool's budgets name the page). */
  onPageStart?: (pageNum: number) => void;
  /** Called after each page. */
  onPage?: (pageNum: number) => void;
  /** OCR of scans, images and pages with a garbage text layer; off when absent. */
  ocr?: OcrSettings;
  /** PDF only: pages are claimed from this cursor (page-cursor.ts, shared with the document's other
   * threads) instead of reading [start, end) in order: one at a time from its front, or shares of what
   * is left from its back when `cursorParts` (the threads sharing it) > 0: a worker. */
  cursor?: BigInt64Array;
  cursorParts?: number;
  /** Pages an earlier, cut-off run read by OCR (taken as they are), and where pages read by OCR now go. */
  cache?: PageCache;
}

/** Pages already analysed in an earlier run of the same task (OCR is what costs), kept on disk by core/page-cache.ts. */
export interface PageCache {
  /** Pages in the cache when it was opened. */
  readonly size: number;
  get(pageNum: number): PageAnalysis | undefined;
  /** Stores a page once its crops are on disk. */
  put(page: PageAnalysis): Promise<void>;
}

/** OCR of pages without a usable text layer. */
export interface OcrSettings {
  /** false: pages without a text layer stay figures. */
  enabled: boolean;
  lang: OcrLanguage;
}
