// PDF pages for the page pane and the thumbnails, with pdf.js. The library loads on demand (its own
// chunk); the worker, CMaps, standard fonts and wasm decoders are bundled, so it works offline.
// Renders go through a small priority queue: visible pages first, thumbnails after, at most two at
// a time, and every render can be cancelled when its page scrolls away.
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { Size } from '../../../../shared/bbox.ts';
import { RenderQueue } from './render-queue.ts';

interface RenderHandle {
  /** A new canvas holding the page, or null (cancelled, failed). */
  done: Promise<HTMLCanvasElement | null>;
  cancel(): void;
  /** Once `done` gave null: the page could not be drawn (not cancelled). */
  readonly failed?: boolean;
}

export interface PdfDoc {
  numPages: number;
  /** Size of page i in PDF points (rotation applied), once known. */
  knownPoints(i: number): Size | null;
  points(i: number): Promise<Size>;
  /**
   * Renders page i at cssW × cssH CSS px and the device pixel ratio into a new canvas, which the
   * caller swaps in when it is done (the old picture stays up meanwhile: no blank flash on zoom).
   */
  render(i: number, cssW: number, cssH: number, dpr: number, priority: number): RenderHandle;
  destroy(): void;
}

/** Folder of pdf.js' runtime data inside the bundle (copied there by renderer/vite.config.ts). */
const assetDir = (name: string) => new URL(`pdfjs/${name}/`, document.baseURI).href;

/** Largest canvas we draw (pixels): a 4K-wide page is plenty; beyond that CSS scales it. */
const MAX_CANVAS_PIXELS = 4096 * 4096;
/** Page proxies kept parsed; older ones release their operator lists. */
const KEEP_PAGES = 24;

let workerReady: Promise<typeof import('pdfjs-dist')> | null = null;

/** Loads pdf.js and its workers' URLs (once); call early to overlap it with loading the result. */
export async function loadPdfjs(): Promise<typeof import('pdfjs-dist')> {
  workerReady ??= (async () => {
    const [pdfjs, worker, renderer] = await Promise.all([
      import('pdfjs-dist'),
      import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      import('pdfjs-dist/build/pdf.renderer.min.mjs?url'),
    ]);
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    // Pages are drawn in a second worker (OffscreenCanvas); the main thread only blits the bitmap,
    // so scrolling stays smooth while pages render. pdf.js falls back to the main thread by itself.
    pdfjs.GlobalWorkerOptions.rendererSrc = renderer.default;
    return pdfjs;
  })();
  // A failed load (a chunk that could not be fetched) is tried again next time.
  workerReady.catch(() => {
    workerReady = null;
  });
  return workerReady;
}

export async function openPdf(url: string): Promise<PdfDoc> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    url,
    cMapUrl: assetDir('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: assetDir('standard_fonts'),
    wasmUrl: assetDir('wasm'),
    iccUrl: assetDir('iccs'),
    isEvalSupported: false,
    enableXfa: false,
  } as Parameters<typeof pdfjs.getDocument>[0]);
  const doc: PDFDocumentProxy = await task.promise;
  return wrap(doc, () => void task.destroy());
}

function wrap(doc: PDFDocumentProxy, destroy: () => void): PdfDoc {
  const pages = new Map<number, Promise<PDFPageProxy>>();
  const sizes = new Map<number, Size>();
  const recent: number[] = [];
  const queue = new RenderQueue(2);

  const page = (i: number): Promise<PDFPageProxy> => {
    let p = pages.get(i);
    if (!p) {
      p = doc.getPage(i + 1).then((pg) => {
        const vp = pg.getViewport({ scale: 1 });
        sizes.set(i, { w: vp.width, h: vp.height });
        return pg;
      });
      pages.set(i, p);
    }
    const at = recent.indexOf(i);
    if (at !== -1) recent.splice(at, 1);
    recent.push(i);
    while (recent.length > KEEP_PAGES) {
      const old = recent.shift()!;
      void pages.get(old)?.then((pg) => pg.cleanup());
    }
    return p;
  };

  return {
    numPages: doc.numPages,
    knownPoints: (i) => sizes.get(i) ?? null,
    points: async (i) => {
      await page(i);
      return sizes.get(i)!;
    },
    render(i, cssW, cssH, dpr, priority) {
      let task: { cancel(): void } | null = null;
      let failed = false;
      const job = queue.add(priority, async (isCancelled) => {
        const pg = await page(i).catch(() => null);
        if (!pg) {
          failed = true;
          return null;
        }
        if (isCancelled()) return null;
        const base = pg.getViewport({ scale: 1 });
        let ratio = dpr;
        if (cssW * cssH * ratio * ratio > MAX_CANVAS_PIXELS) ratio = Math.sqrt(MAX_CANVAS_PIXELS / (cssW * cssH));
        const viewport = pg.getViewport({ scale: (cssW * ratio) / base.width });
        const canvas = document.createElement('canvas');
        canvas.width = Math.max(1, Math.round(cssW * ratio));
        canvas.height = Math.max(1, Math.round(cssH * ratio));
        // page_size and the PDF page may differ slightly in aspect: stretch to the box we were given.
        const sy = canvas.height / viewport.height;
        const transform = Math.abs(sy - 1) > 1e-3 ? [1, 0, 0, sy, 0, 0] : undefined;
        const render = pg.render({ canvas, viewport, transform });
        task = render;
        try {
          await render.promise;
        } catch {
          failed = !isCancelled();
          return null;
        }
        return isCancelled() ? null : canvas;
      });
      return {
        done: job.done,
        cancel() {
          job.cancel();
          task?.cancel();
        },
        get failed() {
          return failed;
        },
      };
    },
    destroy() {
      queue.clear();
      destroy();
    },
  };
}
