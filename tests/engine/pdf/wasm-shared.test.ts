// mupdf's WASM is compiled once per process: once this thread has loaded mupdf, a worker it starts with
// mupdfWorkerData() instantiates that compiled module and compiles nothing (the worker pool and the parse
// CLI's split hand it so). Without it, the worker compiles its own copy, which shows the count is real.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { mupdfWorkerData } from '../../../engine/pdf/wasm-shared.ts';
import { corpus } from '../parse/helpers.ts';

const FILE = corpus('pdf-digital/multi-column-2p.pdf');

function inWorker(workerData: object): Promise<{ pages: number; compiles: number }> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./fixtures/wasm-worker.ts', import.meta.url), { workerData });
    w.once('message', (m: { pages: number; compiles: number }) => void w.terminate().then(() => resolve(m)));
    w.once('error', reject);
  });
}

describe('mupdf WASM shared with worker threads', () => {
  it('is handed over once this thread has loaded mupdf, and the worker then compiles nothing', async () => {
    const { PdfDocument } = await import('../../../engine/pdf/mupdf.ts');
    const doc = new PdfDocument(new Uint8Array(readFileSync(FILE)));
    const pages = doc.pageCount;
    doc.close();
    const given = mupdfWorkerData();
    expect(given.mupdfWasm).toBeInstanceOf(WebAssembly.Module);

    expect(await inWorker({ ...given, file: FILE })).toEqual({ pages, compiles: 0 });
    expect(await inWorker({ mupdfWasm: null, file: FILE })).toEqual({ pages, compiles: 1 });
  }, 60_000);
});
