// File-type sniffing: the content's magic bytes, checked against the file name's extension.
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { EngineError, ErrorCodes } from '../errors.ts';
import { OFFICE_EXTENSIONS } from '../../shared/somark.ts';

/** A content type we recognise; only 'pdf' and the image kinds are parseable. */
export type SniffedType =
  | 'pdf' | 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff' | 'webp'
  | 'zip' | 'ole' | 'unknown';

export interface SniffResult {
  type: SniffedType;
  /** Canonical extension with the dot for parseable types ('.pdf', '.png', '.jpg', …). */
  fileType: string;
  kind: 'pdf' | 'image';
  size: number;
}

const CANONICAL_EXT: Partial<Record<SniffedType, string>> = {
  pdf: '.pdf', png: '.png', jpeg: '.jpg', gif: '.gif', bmp: '.bmp', tiff: '.tif', webp: '.webp',
};
const EXT_TYPE: Record<string, SniffedType> = {
  '.pdf': 'pdf', '.png': 'png', '.jpg': 'jpeg', '.jpeg': 'jpeg', '.gif': 'gif', '.bmp': 'bmp',
  '.tif': 'tiff', '.tiff': 'tiff', '.webp': 'webp',
};
const TYPE_LABEL: Record<SniffedType, string> = {
  pdf: 'PDF', png: 'PNG image', jpeg: 'JPEG image', gif: 'GIF image', bmp: 'BMP image', tiff: 'TIFF image',
  webp: 'WebP image', zip: 'ZIP/Office document', ole: 'legacy Office document', unknown: 'unrecognised data',
};

const startsWith = (b: Uint8Array, sig: number[], at = 0): boolean => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number): string => String.fromCharCode(...b.subarray(from, to));

/** Type of a file from its first bytes. */
export function sniffBytes(head: Uint8Array): SniffedType {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 2) === 'BM' && head.length >= 26) return 'bmp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  // PDF readers accept the header anywhere in the first KiB (after junk such as a mail header).
  if (ascii(head, 0, Math.min(head.length, 1024)).includes('%PDF-')) return 'pdf';
  return 'unknown';
}

async function readHead(filePath: string): Promise<{ head: Uint8Array; size: number }> {
  let fh;
  try {
    fh = await open(filePath, 'r');
  } catch {
    throw new EngineError(ErrorCodes.FILE_MISSING, 'the uploaded file could not be read');
  }
  try {
    const size = (await fh.stat()).size;
    const head = new Uint8Array(Math.min(size, 1024));
    if (head.length) await fh.read(head, 0, head.length, 0);
    return { head, size };
  } finally {
    await fh.close();
  }
}

/** Checks content and extension; throws EngineError 1104/1106 for anything the engine cannot parse. */
export async function sniffFile(filePath: string, fileName: string): Promise<SniffResult> {
  const ext = extname(fileName).toLowerCase();
  const claimed: SniffedType | undefined = EXT_TYPE[ext];
  const name = fileName || 'the file';
  const { head, size } = await readHead(filePath);
  if (size === 0) {
    if (claimed === 'pdf') throw new EngineError(ErrorCodes.INVALID_PDF, `${name} is empty (0 bytes), not a valid PDF`);
    throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, `${name} is empty (0 bytes)`);
  }
  if ((OFFICE_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, `${ext} files are not supported by the local engine (PDF and images only)`);
  }
  const type = sniffBytes(head);
  const parseable = CANONICAL_EXT[type] !== undefined;
  if (claimed === undefined && ext) {
    throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, `${ext} files are not supported by the local engine (PDF and images only)`);
  }
  if (!parseable) {
    if (claimed === 'pdf' && type === 'unknown') {
      throw new EngineError(ErrorCodes.INVALID_PDF, `${name} is not a valid PDF (no PDF header found)`);
    }
    if (claimed && type !== 'unknown') {
      throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, `${name} has a ${ext} extension but contains a ${TYPE_LABEL[type]}`);
    }
    if (claimed) throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, `${name} is not a valid ${TYPE_LABEL[claimed]}`);
    throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, `${TYPE_LABEL[type]} is not supported by the local engine (PDF and images only)`);
  }
  if (claimed && claimed !== type) {
    throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, `${name} has a ${ext} extension but contains a ${TYPE_LABEL[type]}; rename it or upload the right file`);
  }
  const fileType = claimed ? (ext === '.jpeg' || ext === '.tiff' ? ext : CANONICAL_EXT[type]!) : CANONICAL_EXT[type]!;
  return { type, fileType, kind: type === 'pdf' ? 'pdf' : 'image', size };
}
