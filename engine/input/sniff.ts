// The engine's file-type check: the content's magic bytes (shared/file-types.ts) against the file name's
// extension, with the engine's own error codes and messages.
import { open, type FileHandle } from 'node:fs/promises';
import { extname } from 'node:path';
import { EngineError, ErrorCodes } from '../errors.ts';
import { expectedKind, isOfficeExtension, sniff, SNIFF_BYTES, type ContentKind } from '../../shared/file-types.ts';

/** A content type we recognise; only 'pdf' and the image kinds are parseable. */
export type SniffedType = ContentKind | 'unknown';

export interface SniffResult {
  type: SniffedType;
  /** Canonical extension with the dot for parseable types ('.pdf', '.png', '.jpg', …). */
  fileType: string;
  kind: 'pdf' | 'image';
  size: number;
}

const CANONICAL_EXT: Partial<Record<SniffedType, string>> = {
  pdf: '.pdf',
  png: '.png',
  jpeg: '.jpg',
  gif: '.gif',
  bmp: '.bmp',
  tiff: '.tif',
  webp: '.webp',
};
const TYPE_LABEL: Record<SniffedType, string> = {
  pdf: 'PDF',
  png: 'PNG image',
  jpeg: 'JPEG image',
  gif: 'GIF image',
  bmp: 'BMP image',
  tiff: 'TIFF image',
  webp: 'WebP image',
  zip: 'ZIP/Office document',
  ole: 'legacy Office document',
  unknown: 'unrecognised data',
};

/** Type of a file from its first bytes (the shared magic-byte table). */
export function sniffBytes(head: Uint8Array): SniffedType {
  const type = sniff(head) ?? 'unknown';
  // The BMP decoder needs the info header after the 14-byte file header.
  return type === 'bmp' && head.length < 26 ? 'unknown' : type;
}

/** The parseable type an extension claims (Office and unknown extensions claim none). */
const claimedType = (ext: string): SniffedType | undefined => {
  const k = expectedKind(ext);
  return k && CANONICAL_EXT[k] !== undefined ? k : undefined;
};

async function readHead(filePath: string): Promise<{ head: Uint8Array; size: number }> {
  let fh: FileHandle;
  try {
    fh = await open(filePath, 'r');
  } catch {
    throw new EngineError(ErrorCodes.FILE_MISSING, 'the uploaded file could not be read');
  }
  try {
    const size = (await fh.stat()).size;
    const head = new Uint8Array(Math.min(size, SNIFF_BYTES));
    if (head.length) await fh.read(head, 0, head.length, 0);
    return { head, size };
  } finally {
    await fh.close();
  }
}

/** Checks content and extension; throws EngineError 1104/1106 for anything the engine cannot parse. */
export async function sniffFile(filePath: string, fileName: string): Promise<SniffResult> {
  const ext = extname(fileName).toLowerCase();
  const claimed = claimedType(ext);
  const name = fileName || 'the file';
  const { head, size } = await readHead(filePath);
  if (size === 0) {
    if (claimed === 'pdf') throw new EngineError(ErrorCodes.INVALID_PDF, `${name} is empty (0 bytes), not a valid PDF`);
    throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, `${name} is empty (0 bytes)`);
  }
  if (isOfficeExtension(ext)) {
    throw new EngineError(
      ErrorCodes.UNSUPPORTED_TYPE,
      `${ext} files are not supported by the local engine (PDF and images only)`,
    );
  }
  const type = sniffBytes(head);
  const parseable = CANONICAL_EXT[type] !== undefined;
  if (claimed === undefined && ext) {
    throw new EngineError(
      ErrorCodes.UNSUPPORTED_TYPE,
      `${ext} files are not supported by the local engine (PDF and images only)`,
    );
  }
  if (!parseable) {
    if (claimed === 'pdf' && type === 'unknown') {
      throw new EngineError(ErrorCodes.INVALID_PDF, `${name} is not a valid PDF (no PDF header found)`);
    }
    if (claimed && type !== 'unknown') {
      throw new EngineError(
        ErrorCodes.UNSUPPORTED_TYPE,
        `${name} has a ${ext} extension but contains a ${TYPE_LABEL[type]}`,
      );
    }
    if (claimed) throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, `${name} is not a valid ${TYPE_LABEL[claimed]}`);
    throw new EngineError(
      ErrorCodes.UNSUPPORTED_TYPE,
      `${TYPE_LABEL[type]} is not supported by the local engine (PDF and images only)`,
    );
  }
  if (claimed && claimed !== type) {
    throw new EngineError(
      ErrorCodes.UNSUPPORTED_TYPE,
      `${name} has a ${ext} extension but contains a ${TYPE_LABEL[type]}; rename it or upload the right file`,
    );
  }
  const fileType = claimed ? (ext === '.jpeg' || ext === '.tiff' ? ext : CANONICAL_EXT[type]!) : CANONICAL_EXT[type]!;
  return { type, fileType, kind: type === 'pdf' ? 'pdf' : 'image', size };
}
