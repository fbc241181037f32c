// File types by content (magic bytes) and by extension, for the app and the engine alike: pure code
// over a Uint8Array of the file's first bytes, and the one table of which extension holds which content.
import { IMAGE_EXTENSIONS, OFFICE_EXTENSIONS, PDF_EXTENSIONS } from './somark.ts';

export type ContentKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff' | 'webp' | 'zip' | 'ole';

/** Bytes to read from the start of a file for `sniff` (PDF headers may follow up to 1 KB of junk). */
export const SNIFF_BYTES = 1024;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0): boolean =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** The content type of a file from its first bytes (up to SNIFF_BYTES), or null when unrecognised. */
export function sniff(head: Uint8Array): ContentKind | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('BM')) && head.length >= 14) return 'bmp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  // %PDF- usually at byte 0; readers accept it anywhere in the first 1 KB.
  const pdf = ascii('%PDF-');
  for (let i = 0; i + pdf.length <= Math.min(head.length, SNIFF_BYTES); i++) if (startsWith(head, pdf, i)) return 'pdf';
  return null;
}

/** The content each supported extension (lower case, with the dot) must hold. */
const EXPECTED: Record<string, ContentKind> = {
  '.pdf': 'pdf',
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.gif': 'gif',
  '.bmp': 'bmp',
  '.tif': 'tiff',
  '.tiff': 'tiff',
  '.webp': 'webp',
  '.docx': 'zip',
  '.pptx': 'zip',
  '.xlsx': 'zip',
  '.xlsm': 'zip',
  '.doc': 'ole',
  '.ppt': 'ole',
  '.xls': 'ole',
};

/** Every extension some backend accepts: PDF, images, Office (lower case, with the dot). */
export const SUPPORTED_EXTENSIONS: readonly string[] = [...PDF_EXTENSIONS, ...IMAGE_EXTENSIONS, ...OFFICE_EXTENSIONS];
export const isSupportedExt = (ext: string): boolean => SUPPORTED_EXTENSIONS.includes(ext);
/** Word, PowerPoint or Excel (any case): converted to PDF before parsing. */
export const isOfficeExtension = (ext: string): boolean =>
  (OFFICE_EXTENSIONS as readonly string[]).includes(ext.toLowerCase());
export const expectedKind = (ext: string): ContentKind | null => EXPECTED[ext] ?? null;

const LABEL: Record<ContentKind, string> = {
  pdf: 'a PDF',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  gif: 'a GIF image',
  bmp: 'a BMP image',
  tiff: 'a TIFF image',
  webp: 'a WebP image',
  zip: 'a ZIP/Office Open XML file',
  ole: 'a legacy Office (OLE) file',
};
export const describeKind = (k: ContentKind | null): string => (k ? LABEL[k] : 'of an unrecognised type');

export type FileKind = 'pdf' | 'image' | 'office';
export const kindOfExt = (ext: string): FileKind =>
  (PDF_EXTENSIONS as readonly string[]).includes(ext)
    ? 'pdf'
    : (IMAGE_EXTENSIONS as readonly string[]).includes(ext)
      ? 'image'
      : 'office';
