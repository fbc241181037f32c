// A password-protected PDF opened with the request's password. The upload stays as it came (encrypted):
// the decrypted copy is written to a file that is unlinked at once and read through its descriptor
// (/proc/self/fd/N, which the parse workers, threads of this process, can open), so it has no name in any
// folder, ends with the task and cannot outlive a crash. A task resumed after a restart has only the
// encrypted upload and no password: it fails saying so. Where /proc/self/fd is missing (macOS, Windows)
// the copy is a file beside the upload, removed when the task ends.
import { existsSync } from 'node:fs';
import { open, readFile, rm, type FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { EngineError, ErrorCodes } from '../errors.ts';
import { sniffBytes } from '../parse/sniff.ts';

/** The decrypted copy of a PDF: a path the parse reads, and its end. */
export interface UnlockedPdf {
  path: string;
  close(): Promise<void>;
}

const BY_DESCRIPTOR = process.platform === 'linux' && existsSync('/proc/self/fd');

/** The decrypted copy of a protected PDF (null when the file is not a protected PDF); a wrong password is a clear 1106. */
export async function unlockPdf(filePath: string, fileName: string, password: string): Promise<UnlockedPdf | null> {
  const data = new Uint8Array(await readFile(filePath));
  if (sniffBytes(data.subarray(0, 1024)) !== 'pdf') return null;
  const [{ decryptPdf }, { PdfDocument }] = await Promise.all([import('../pdf/mupdf-files.ts'), import('../pdf/mupdf.ts')]); // WASM loaded on first use
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
  if (!plain) throw new EngineError(ErrorCodes.INVALID_PDF, `The password for ${fileName} is wrong: this PDF is password-protected; send the right password`);
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
