// Office → PDF with LibreOffice headless: a private profile folder per conversion (no shared user
// settings, no lock clash with a running LibreOffice), a time limit that kills the whole process
// tree, and one conversion at a time per process (LibreOffice is memory-hungry and single-instance).
// LibreOffice gets a cleaned copy of an OOXML package (clean.ts: no links outside it) and runs in the box
// sandbox.ts offers (no network; on Linux with bubblewrap, no host files but the system's).
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EngineError, ErrorCodes } from '../../errors.ts';
import { sniffBytes } from '../../input/sniff.ts';
import { writeCleanPackage } from './clean.ts';
import { openOfficePackage } from './package.ts';
import { boxed, sandboxFor, sofficeEnv, type Command } from './sandbox.ts';
import { fileSource } from './zip-read.ts';

const DEFAULT_CONVERT_TIMEOUT_MS = 120_000;

export interface ConvertOptions {
  soffice: string;
  /** Extension with the dot ('.docx'): LibreOffice picks its import filter from it. */
  ext: string;
  /** The upload's name, for error messages (default: the extension). */
  fileName?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

let queue: Promise<unknown> = Promise.resolve();

const SHEETS = ['.xls', '.xlsx', '.xlsm'];
/** A sheet goes on one page (LibreOffice ≥ 7.4; older versions ignore the option): its table stays whole. */
const targetFor = (ext: string): string =>
  SHEETS.includes(ext) ? 'pdf:calc_pdf_Export:{"SinglePageSheets":{"type":"boolean","value":"true"}}' : 'pdf';

/** Converts inputPath to a PDF at outPath; conversions in this process run one after another. */
export function convertToPdf(inputPath: string, outPath: string, opts: ConvertOptions): Promise<void> {
  const run = queue.then(() => convertNow(inputPath, outPath, opts));
  queue = run.catch(() => undefined);
  return run;
}

async function convertNow(inputPath: string, outPath: string, opts: ConvertOptions): Promise<void> {
  opts.signal?.throwIfAborted();
  const work = await mkdtemp(join(tmpdir(), 'docparse-office-'));
  try {
    const source = join(work, `source${opts.ext}`);
    await copySource(inputPath, source, opts);
    const args = [
      `-env:UserInstallation=${pathToFileURL(join(work, 'profile')).href}`,
      '--headless',
      '--invisible',
      '--norestore',
      '--nolockcheck',
      '--nodefault',
      '--nologo',
      '--convert-to',
      targetFor(opts.ext),
      '--outdir',
      join(work, 'out'),
      source,
    ];
    const command = boxed(opts.soffice, work, args, await sandboxFor(opts.soffice));
    const { code, stderr } = await runSoffice(
      command,
      sofficeEnv(work),
      opts.timeoutMs ?? DEFAULT_CONVERT_TIMEOUT_MS,
      opts.signal,
    );
    const produced = (await readdir(join(work, 'out')).catch(() => [] as string[])).find((n) =>
      n.toLowerCase().endsWith('.pdf'),
    );
    if (!produced) {
      const why = stderr
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !/javaldx/i.test(l))
        .slice(-1)[0];
      throw new EngineError(
        ErrorCodes.PROCESSING_FAILED,
        `LibreOffice could not convert the ${opts.ext} file (exit code ${code}${why ? `: ${why}` : ''}); the file may be damaged, or locked with a password`,
      );
    }
    await rename(join(work, 'out', produced), outPath).catch(() => copyFile(join(work, 'out', produced), outPath));
  } finally {
    await rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The file LibreOffice converts: an OOXML package's cleaned copy, a legacy (OLE2) file as it is. */
async function copySource(inputPath: string, dest: string, opts: ConvertOptions): Promise<void> {
  const src = fileSource(inputPath);
  try {
    if (sniffBytes(src.read(0, 1024)) !== 'zip') {
      await copyFile(inputPath, dest);
      return;
    }
    await writeCleanPackage(openOfficePackage(src, opts.fileName ?? opts.ext, opts.ext), dest);
  } finally {
    src.close();
  }
}

function runSoffice(
  { cmd, args }: Command,
  env: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const win = process.platform === 'win32';
    // Its own group, so a timeout kills soffice.bin (and the box around it) too.
    const child = spawn(cmd, args, { detached: !win, stdio: ['ignore', 'ignore', 'pipe'], windowsHide: true, env });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4000)));
    const kill = (): void => {
      try {
        if (!win && child.pid) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      kill();
      reject(
        new EngineError(
          ErrorCodes.PROCESSING_FAILED,
          `Converting the document with LibreOffice took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`,
        ),
      );
    }, timeoutMs);
    const onAbort = (): void => {
      kill();
      reject(signal!.reason instanceof Error ? signal!.reason : new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(
        new EngineError(
          ErrorCodes.UNSUPPORTED_TYPE,
          `LibreOffice could not be started (${e.message}). Install LibreOffice, or switch to the SoMark cloud backend`,
        ),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve({ code, stderr });
    });
  });
}
