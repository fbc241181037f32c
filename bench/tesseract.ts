// Tesseract's CPU per page on the same pages, for bench/ocr.ts: each page of a scan PDF is rendered as the
// engine renders it for OCR (grey, 144 dpi) and read by its own `tesseract` child process, single-threaded
// (OMP_THREAD_LIMIT=1); its CPU is the children's user + system time that the shell's `times` reports.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { PDF_SCALE } from '../engine/source/ocr-pages.ts';

/** Tesseract's installed languages, or null when it is not installed. */
export function tesseractLangs(): string[] | null {
  const r = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  return r.stdout
    .split('\n')
    .slice(1)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Seconds of a `times` line ("0m1.234s 0m0.056s"): user + system. */
function seconds(line: string): number {
  let s = 0;
  for (const m of line.matchAll(/(\d+)m([\d.]+)s/g)) s += Number(m[1]) * 60 + Number(m[2]);
  return s;
}

/** CPU-seconds per page of Tesseract reading every page of `pdf` in `lang` (process start included). */
export function tesseractCpuPerPage(pdf: string, lang: string): { pages: number; cpu: number } {
  const dir = mkdtempSync(join(tmpdir(), 'docparse-bench-tess-'));
  try {
    const doc = mupdf.Document.openDocument(readFileSync(pdf), 'application/pdf');
    const n = doc.countPages();
    let cpu = 0;
    for (let i = 0; i < n; i++) {
      const png = join(dir, `p${i + 1}.png`);
      const pix = doc
        .loadPage(i)
        .toPixmap(mupdf.Matrix.scale(PDF_SCALE, PDF_SCALE), mupdf.ColorSpace.DeviceGray, false, true);
      writeFileSync(png, pix.asPNG());
      const dpi = String(72 * PDF_SCALE);
      // `times` second line: the CPU of the shell's children (the one tesseract run).
      const r = spawnSync(
        'bash',
        ['-c', 'tesseract "$@" >/dev/null 2>&1; times', 'tess', png, join(dir, 'out'), '--dpi', dpi, '-l', lang],
        {
          encoding: 'utf8',
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        },
      );
      const line = r.stdout.trim().split('\n')[1];
      if (r.status !== 0 || !line) throw new Error(`tesseract failed on page ${i + 1} of ${pdf}: ${r.stderr}`);
      cpu += seconds(line);
    }
    return { pages: n, cpu: cpu / n };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
