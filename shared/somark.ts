// SoMark document-parsing API (v1): wire types shared by the client (electron/), the local engine
// (engine/) and the renderer: parameters, envelope, error codes, the result document (what each endpoint
// answers around it is in somark-answers.ts). See ../shared/docs/somark-api.md for the sources of every field.
// Pure types and constants: no DOM, no Node.

export type OutputFormat = 'markdown' | 'json' | 'zip';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['markdown', 'json', 'zip'];

/**
 * Local extension of async_check (our engine; other services ignore unknown fields): the longest hold
 * of the check in seconds, `0` = answer at once. Our clients send `0` to keep live page progress.
 */
export const WAIT_FIELD = 'wait';

/** Upper-case statuses, as the hosted service and every client use them. */
export type RemoteStatus = 'QUEUING' | 'PROCESSING' | 'SUCCESS' | 'FAILED';

/** Every answer: HTTP 200 with this envelope; `code` 0 is success. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T | null;
  /** Top-level warnings (open-source SoMark servers, our engine): "CODE: sentence" strings. */
  warnings?: string[];
}

/** Warning codes a client can translate (the text after "CODE: " is the English fallback). */
export const WARNING_CODES = { damaged: 'DAMAGED_FILE', reduced: 'PAGE_RESOLUTION_REDUCED' } as const;

/** Documented error codes (§1.12) plus 1133 for other parameter errors. */
export const ErrorCodes = {
  OK: 0,
  TOO_FREQUENT: 1101,
  UNSUPPORTED_TYPE: 1104,
  INVALID_PDF: 1106,
  INVALID_KEY: 1107,
  NO_PLAN: 1108,
  FILE_MISSING: 1111,
  TOO_LARGE: 1118,
  NO_PAGES_LEFT: 1123,
  QPS_LIMIT: 1124,
  TOO_MANY_PAGES: 1132,
  PARAM_ERROR: 1133,
  PROCESSING_FAILED: 1137,
} as const;

/** Codes a client retries with backoff (rate limits). */
export const RETRYABLE_CODES: readonly number[] = [ErrorCodes.TOO_FREQUENT, ErrorCodes.QPS_LIMIT];

export type ImageFormat = 'url' | 'base64' | 'file' | 'none';
export interface ElementFormats {
  image: ImageFormat;
  formula: 'latex' | 'mathml' | 'ascii';
  table: 'html' | 'markdown' | 'image';
  cs: 'image' | 'smiles';
}
export const DEFAULT_ELEMENT_FORMATS: ElementFormats = { image: 'url', formula: 'latex', table: 'html', cs: 'image' };

export interface FeatureConfig {
  enable_text_cross_page: boolean;
  enable_table_cross_page: boolean;
  enable_title_level_recognition: boolean;
  enable_inline_image: boolean;
  enable_table_image: boolean;
  enable_image_understanding: boolean;
  keep_header_footer: boolean;
}
export const DEFAULT_FEATURE_CONFIG: FeatureConfig = {
  enable_text_cross_page: false,
  enable_table_cross_page: false,
  enable_title_level_recognition: false,
  enable_inline_image: false,
  enable_table_image: true,
  enable_image_understanding: true,
  keep_header_footer: false,
};

/** What our own clients (the app's settings and the parse CLI) ask for unless the user says otherwise:
 * the service's defaults plus heading levels, and paragraphs and tables that a page break split joined
 * again in the Markdown. The server keeps the service's defaults above for callers that send none. */
export const CLIENT_FEATURE_CONFIG: FeatureConfig = {
  ...DEFAULT_FEATURE_CONFIG,
  enable_title_level_recognition: true,
  enable_text_cross_page: true,
  enable_table_cross_page: true,
};

/** Block types as the hosted service names them (§1.10.1). */
export type BlockType =
  | 'text'
  | 'title'
  | 'figure'
  | 'figure_caption'
  | 'table'
  | 'table_caption'
  | 'equation'
  | 'header'
  | 'footer'
  | 'sider'
  | 'footnote'
  | 'cate'
  | 'cate_item'
  | 'choice'
  | 'code'
  | 'blank'
  | 'reference'
  | 'qrcode'
  | 'stamp'
  | 'cs'
  | 'cs_equation';

/** [x1, y1, x2, y2], origin top-left, in pixels of the page raster described by `page_size`. */
export type BBox = [number, number, number, number];

export interface Block {
  idx: number;
  type: BlockType | (string & {});
  bbox: BBox;
  content: string;
  format: string; // 'text' | 'html' | 'latex' | 'markdown' | ...
  captions: unknown[];
  img_url: string;
  title_level?: number;
  code_language?: string;
}

export interface Page {
  page_num: number; // 0-based
  page_size: { w: number; h: number };
  merge_content_from_pre_page: boolean;
  blocks: Block[];
}

export interface JsonOutput {
  pages: Page[];
  /** Our engine adds the page count here (SoMark's own somark_parser.py reads it); other services may not. */
  metadata?: { page_count?: number };
}

export interface CatalogNode {
  content: string;
  title_level: number;
  page_num: number;
  block_idx: number;
  children: CatalogNode[];
}

/** Known public hosts (presets in settings). */
export const CLOUD_PRESETS = [
  { id: 'somark-cn', label: 'somark.cn (China mainland)', baseUrl: 'https://somark.cn/api/v1' },
  { id: 'somark-ai', label: 'somark.ai (global)', baseUrl: 'https://somark.ai/api/v1' },
  { id: 'somark-tech', label: 'somark.tech', baseUrl: 'https://somark.tech/api/v1' },
] as const;

/** File types the service accepts (by extension, lower case, with the dot). */
export const PDF_EXTENSIONS = ['.pdf'] as const;
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.bmp', '.tif', '.tiff', '.webp', '.gif'] as const;
export const OFFICE_EXTENSIONS = ['.doc', '.docx', '.ppt', '.pptx', '.xls', '.xlsx', '.xlsm'] as const;
