// The contract between the engine's stages (source → analysis → kinds → document) and its core, server and CLI.
import type { OcrSettings } from './model.ts';
import {
  WARNING_CODES,
  type CatalogNode,
  type ElementFormats,
  type FeatureConfig,
  type JsonOutput,
} from '../shared/somark.ts';
import type { Progress } from '../shared/somark-answers.ts';

export interface ParseOptions {
  featureConfig: FeatureConfig;
  elementFormats: ElementFormats;
  /** Folder the figure crops are written to (image_001.png, image_002.png, …), created if missing. */
  imageDir: string;
  /** Public URL of a crop written to imageDir, from its file name (the server serves them). */
  imageUrl: (fileName: string) => string;
  /** Reject documents with more pages than this (EngineError 1132). */
  maxPages?: number;
  signal?: AbortSignal;
  /** A page (0-based) is about to be read: the pool's budgets name it (engine/core/budget.ts). */
  onPageStart?: (page: number) => void;
  onProgress?: (p: Progress) => void;
  /** OCR of scans and images (default: on, language auto). */
  ocr?: OcrSettings;
  /** Pages read by OCR in an earlier, cut-off run, and where this run keeps its own (engine/core/page-cache.ts). */
  pageCache?: import('./model.ts').PageCache;
}

export interface ParsedDocument {
  /** Extension with the dot, from the sniffed content: '.pdf', '.png', … */
  fileType: string;
  pageCount: number;
  json: JsonOutput;
  /** Markdown; image links point at `imageUrl(name)` (or data URIs for image=base64). */
  markdown: string;
  catalog: CatalogNode[];
  /** Crops written to imageDir, in order of appearance. */
  images: { fileName: string; url: string }[];
  /** Found while parsing (e.g. WARNINGS.reduced), added to the upload's own (DocumentInfo.warnings). */
  warnings?: string[];
}

export interface DocumentInfo {
  fileType: string;
  /** 'office': converted to PDF with LibreOffice when the task runs (pageCount 0 until then). */
  kind: 'pdf' | 'image' | 'office';
  pageCount: number;
  /** Parsed, but the user should know (e.g. WARNINGS.damaged for a PDF mupdf had to repair). */
  warnings?: string[];
}

/** Warnings the engine answers in `warnings` (OXR style): "CODE: sentence", the code stable for clients. */
export const WARNINGS = {
  damaged: `${WARNING_CODES.damaged}: The file was damaged and has been repaired; some content may be missing.`,
  /** A page too large to render at the usual 144 dpi within the render cap (engine/input/caps.ts). */
  reduced: (pagesAre: string, dpi: number, cap: string) =>
    `${WARNING_CODES.reduced}: ${pagesAre} too large to read at 144 dpi within ${cap} per page; read at ${dpi} dpi, small text may be missed.`,
} as const;
