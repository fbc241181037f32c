// The engine's entry for any upload: Office documents (doc/docx, ppt/pptx, xls/xlsx/xlsm) are checked
// at upload and converted to a PDF in the task folder before parsing; a password-protected PDF is opened
// with the request's password (a local extension). Its decrypted copy is written to a file that is unlinked
// at once and read through its descriptor (/proc/self/fd/N, which the parse workers, threads of this
// process, can open), so it has no name in any folder, ends with the task and cannot outlive a crash; the
// upload stays encrypted, so a task resumed after a restart (no password) fails saying so. Where
// /proc/self/fd is missing (macOS, Windows) the copy is a file beside the upload, removed when the task ends.
import { existsSync } from 'node:fs';
import { open, readFile, rm, type FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, extname, join } from 'node:path';
import { isOfficeExtension } from '../../shared/file-types.ts';
import { EngineError, ErrorCodes } from '../errors.ts';
import { sniffBytes } from '../input/sniff.ts';
import type { DocumentInfo } from '../types.ts';
// The Office readers and LibreOffice's runner are loaded for an Office input only (the parse CLI's PDFs never
// load them).
const office = () =>
  Promise.all([
    import('../source/office/soffice.ts'),
    import('../source/office/package.ts'),
    import('../source/office/zip-read.ts'),
  ]);
import { SOURCE_PDF } from '../outputs/result.ts';

export interface InputOptions {
  /** Password of a protected PDF; used to open it, never stored. */
  password?: string;
  /** LibreOffice's soffice: a path, null/'' for "not installed", undefined to search for it. */
  soffice?: string | null;
}

export const officeExt = (fileName: string): string | null => {
  const ext = extname(fileName).toLowerCase();
  return isOfficeExtension(ext) ? ext : null;
};

/** An upload's facts; a protected PDF opened with its password brings the decrypted copy to parse. */
export interface InputInfo extends DocumentInfo {
  /** Parse this instead of the upload; close it when the task ends (or is refused). */
  unlocked?: UnlockedPdf;
}

/** Upload-time check of any file (the engine calls this, not inspectDocument, for uploads). */
export async function inspectInput(filePath: string, fileName: string, opts: InputOptions = {}): Promise<InputInfo> {
  const ext = officeExt(fileName);
  if (ext) return inspectOffice(filePath, fileName, ext, opts);
  const unlocked = opts.password ? await unlockPdf(filePath, fileName, opts.password) : null;
  const { inspectDocument } = await import('./parse.ts');
  if (!unlocked) return inspectDocument(filePath, fileName);
  try {
    return { ...(await inspectDocument(unlocked.path, fileName)), unlocked };
  } catch (e) {
    await unlocked.close();
    throw e;
  }
}

async function inspectOffice(
  filePath: string,
  fileName: string,
  ext: string,
  opts: InputOptions,
): Promise<DocumentInfo> {
  const [{ findSoffice, missingMessage }, { openOfficePackage }, { fileSource }] = await office();
  let src: ReturnType<typeof fileSource>;
  try {
    src = fileSource(filePath);
  } catch {
    throw new EngineError(ErrorCodes.FILE_MISSING, 'the uploaded file could not be read');
  }
  try {
    // Only the head and, for a zip, its directory and .rels parts are read: never the whole upload.
    const type = sniffBytes(src.read(0, 1024));
    // OOXML is a zip; doc/xls/ppt are OLE2 (so are password-protected OOXML files).
    if (type !== 'zip' && type !== 'ole') {
      throw new EngineError(
        ErrorCodes.UNSUPPORTED_TYPE,
        `${fileName} is not a valid ${ext} document (it is neither an Office zip nor an OLE2 file)`,
      );
    }
    // The kind of document and the size of what it unpacks to are checked now, so a refusal is immediate.
    if (type === 'zip') openOfficePackage(src, fileName, ext);
  } finally {
    src.close();
  }
  if (!findSoffice({ explicit: opts.soffice })) throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, missingMessage(ext));
  // The page count is known after the conversion, which runs with the task.
  return { fileType: ext, kind: 'office', pageCount: 0 };
}

/** The decrypted copy of a PDF: a path the parse reads, and its end. */
interface UnlockedPdf {
  path: string;
  close(): Promise<void>;
}

const BY_DESCRIPTOR = process.platform === 'linux' && existsSync('/proc/self/fd');

/** The decrypted copy of a protected PDF (null when the file is not a protected PDF); a wrong password is a clear 1106. */
async function unlockPdf(filePath: string, fileName: string, password: string): Promise<UnlockedPdf | null> {
  const data = new Uint8Array(await readFile(filePath));
  if (sniffBytes(data.subarray(0, 1024)) !== 'pdf') return null;
  const [{ decryptPdf }, { PdfDocument }] = await Promise.all([
    import('../pdf/mupdf-files.ts'),
    import('../pdf/mupdf.ts'),
  ]); // WASM loaded on first use
  let locked: boolean;
  try {
    const doc = new PdfDocument(data);
    locked = doc.needsPassword;
    doc.close();
  } catch {
    return null; // damaged: inspectDocument says so
  }
  if (!locked) return null;
  const plain = decryptPdf(data, password);
  if (!plain)
    throw new EngineError(
      ErrorCodes.INVALID_PDF,
      `The password for ${fileName} is wrong: this PDF is password-protected; send the right password`,
    );
  const path = join(dirname(filePath), `.unlocked-${randomBytes(8).toString('hex')}.pdf`);
  let fh: FileHandle | null = await open(path, 'wx', 0o600);
  try {
    await fh.writeFile(plain);
    if (!BY_DESCRIPTOR) {
      await fh.close();
      fh = null;
      return { path, close: () => rm(path, { force: true }) };
    }
    await rm(path);
    const held = fh;
    fh = null;
    return { path: `/proc/self/fd/${held.fd}`, close: () => held.close().catch(() => undefined) };
  } catch (e) {
    await fh?.close().catch(() => undefined);
    await rm(path, { force: true });
    throw e;
  }
}

export interface ConvertedInput {
  /** The PDF to parse (in the task folder). */
  pdfPath: string;
  info: DocumentInfo;
}

/** Runs LibreOffice on a task's Office input and inspects the PDF it gives. */
export async function convertOffice(
  inputPath: string,
  taskDir: string,
  fileName: string,
  opts: InputOptions & { timeoutMs?: number; signal?: AbortSignal },
): Promise<ConvertedInput> {
  const ext = officeExt(fileName) ?? extname(fileName).toLowerCase();
  const [[{ findSoffice, missingMessage }], { convertToPdf }] = await Promise.all([
    office(),
    import('../source/office/convert.ts'),
  ]);
  const soffice = findSoffice({ explicit: opts.soffice });
  if (!soffice) throw new EngineError(ErrorCodes.UNSUPPORTED_TYPE, missingMessage(ext));
  const pdfPath = join(taskDir, SOURCE_PDF);
  await convertToPdf(inputPath, pdfPath, { soffice, ext, fileName, timeoutMs: opts.timeoutMs, signal: opts.signal });
  const { inspectDocument } = await import('./parse.ts');
  const info = await inspectDocument(pdfPath, SOURCE_PDF);
  return { pdfPath, info };
}
