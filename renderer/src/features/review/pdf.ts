// PDF pages for the page pane and the thumbnails, with pdf.js. The library loads on demand (its own
// chunk); the worker, CMaps, standard fonts and wasm decoders are bundled, so it works offline.
// Renders go through a small priority queue: visible pages first, thumbnails after, at most two at
// a time, and every render can be cancelled when its page scrolls away.
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { Size } from '../../../../shared/bbox.ts';
import { RenderQueue } from './render-queue.ts';

export interface RenderHandle {
  done: Promise<boolean>;
  cancel(): void;
}

export interface PdfDoc {
  numPages: number;
  /** Size of page i in PDF points (rotation applied), once known. */
  knownPoints(i: number): Size | null;
  points(i: number): Promise<Size>;
  /** Renders page i into the canvas at cssW × cssH CSS px and the given device pixel ratio. */
  render(i: number, canvas: HTMLCanvasElement, cssW: number, cssH: number, dpr: number, priority: number): RenderHandle;
  destroy(): void;
}

/** Folder of pdf.js' runtime data inside the bundle (copied there by renderer/vite.config.ts). */
const assetDir = (name: string) => new URL(`pdfjs/${name}/`, document.baseURI).href;

/** Largest canvas we draw (pixels): a 4K-wide page is plenty; beyond that CSS scales it. */
const MAX_CANVAS_PIXELS = 4096 * 4096;
/** Page proxies kept parsed; older ones release their operator lists. */
const KEEP_PAGES = 24;

let workerReady: Promise<typeof import('pdfjs-dist')> | null = null;

async function loadPdfjs(): Promise<typeof import('pdfjs-dist')> {
  workerReady ??= (async () => {
    const [pdfjs, worker] = await Promise.all([
      import('pdfjs-dist'),
      import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
    ]);
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  })();
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
    render(i, canvas, cssW, cssH, dpr, priority) {
      let task: { cancel(): void } | null = null;
      const job = queue.add(priority, async (isCancelled) => {
        const pg = await page(i);
        if (isCancelled()) return false;
        const base = pg.getViewport({ scale: 1 });
        let ratio = dpr;
        if (cssW * cssH * ratio * ratio > MAX_CANVAS_PIXELS) ratio = Math.sqrt(MAX_CANVAS_PIXELS / (cssW * cssH));
        const viewport = pg.getViewport({ scale: (cssW * ratio) / base.width });
        // Draw off-screen first so the visible canvas never flashes blank during a re-render.
        const scratch = document.createElement('canvas');
        scratch.width = Math.max(1, Math.round(cssW * ratio));
        scratch.height = Math.max(1, Math.round(cssH * ratio));
        const sy = scratch.height / viewport.height;
        const sx = scratch.width / viewport.width;
        const render = pg.render({ canvas: scratch, viewport, transform: sx !== 1 || sy !== 1 ? [sx, 0, 0, sy, 0, 0] : undefined });
        task = render;
        try {
          await render.promise;
        } catch {
          return false;
        }
        if (isCancelled()) return false;
        canvas.width = scratch.width;
        canvas.height = scratch.height;
        canvas.getContext('2d')?.drawImage(scratch, 0, 0);
        scratch.width = 0;
        scratch.height = 0;
        return true;
      });
      return {
        done: job.done,
        cancel() {
          job.cancel();
          task?.cancel();
        },
      };
    },
    destroy() {
      queue.clear();
      destroy();
    },
  };
}
