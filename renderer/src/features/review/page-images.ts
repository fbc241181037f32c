// The pages of an original the browser's PDF library cannot open (a damaged PDF, or a protected one whose
// password only main holds), as a PdfDoc drawn from page images main renders with mupdf
// ('results:pages', then `assetBase + pageImageAsset(i, px)`): the page pane draws them like pdf.js pages.
import type { Size } from '../../../../shared/bbox.ts';
import { PAGE_IMAGE_MAX_WIDTH, pageImageAsset } from '../../../../shared/task.ts';
import type { PdfDoc } from './pdf.ts';
import { RenderQueue } from './render-queue.ts';

/** Image widths come in steps of this many pixels, so small zoom changes reuse what was drawn. */
const STEP = 128;
/** A page size to assume when the result has none (A4 at 144 dpi). */
const A4: Size = { w: 1190, h: 1684 };

/** `sizes`: the parsed page sizes (page_size px, 144 dpi); `count`: the pages main can draw. */
export function imagePages(assetBase: string, sizes: readonly Size[], count: number): PdfDoc {
  const queue = new RenderQueue(2);
  // page_size is 144 dpi: its points are half its pixels.
  const pointsOf = (i: number): Size => {
    const s = sizes[i] ?? A4;
    return { w: s.w / 2, h: s.h / 2 };
  };
  return {
    numPages: count,
    knownPoints: pointsOf,
    points: async (i) => pointsOf(i),
    render(i, cssW, cssH, dpr, priority) {
      let img: HTMLImageElement | null = null;
      // A cancelled load ends its job at once: Chromium does not always settle decode() once the src is
      // cleared, and a job that never ends holds one of the queue's two slots for good (the pages after it
      // would wait forever, "Drawing the page…").
      let stop!: () => void;
      const stopped = new Promise<false>((resolve) => {
        stop = () => resolve(false);
      });
      const job = queue.add(priority, async (isCancelled) => {
        const px = Math.min(PAGE_IMAGE_MAX_WIDTH, Math.max(STEP, Math.ceil((cssW * dpr) / STEP) * STEP));
        img = new Image();
        img.crossOrigin = 'anonymous'; // Electron's asset scheme allows the app's origin: the canvas stays readable
        img.src = `${assetBase}${pageImageAsset(i, px)}`;
        // false: a page mupdf cannot load either, or the job was cancelled.
        const decoded = img.decode().then(
          () => true,
          () => false,
        );
        if (!(await Promise.race([decoded, stopped])) || isCancelled()) return null;
        const canvas = document.createElement('canvas');
        const ratio = Math.min(dpr, px / Math.max(1, cssW));
        canvas.width = Math.max(1, Math.round(cssW * ratio));
        canvas.height = Math.max(1, Math.round(cssH * ratio));
        canvas.getContext('2d')?.drawImage(img, 0, 0, canvas.width, canvas.height);
        return canvas;
      });
      return {
        done: job.done,
        cancel() {
          job.cancel();
          stop();
          if (img) img.src = '';
        },
      };
    },
    destroy: () => queue.clear(),
  };
}
