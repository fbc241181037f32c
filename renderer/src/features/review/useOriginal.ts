// Opens the original a review draws its pages from: pdf.js first; when it cannot open the file (damaged,
// or password-protected), main draws the pages with mupdf ('results:pages', page-images.ts), with the
// password this session gave for the file, or one asked for here (it goes to main and stays there).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Size } from '../../../../shared/bbox.ts';
import type { ResultView } from '../../../../shared/task.ts';
import { invoke } from '../../lib/ipc.ts';
import type { ReviewDoc } from './doc.ts';
import { imagePages } from './page-images.ts';
import type { PdfDoc } from './pdf.ts';
import { openPdf } from './pdf.ts';

export interface Original {
  pdf: PdfDoc | null;
  /** Why pdf.js could not open the file, when main cannot draw it either. */
  error: string | null;
  /** Page sizes (page_size px) from the PDF, for a result without JSON. */
  sizes: Size[] | null;
  /** CSS px per page_size px at 100 %, once the PDF said (null: keep the default). */
  baseScale: number | null;
  /** The pages are page images main drew (pdf.js could not open the file). */
  drawn: boolean;
  /** Still opening: pages will be drawn. */
  opening: boolean;
  /** A protected PDF whose password this session does not know: `wrong` after a failed try. */
  locked: { wrong: boolean } | null;
  unlock(password: string): Promise<void>;
  /** Page images main draws, asked for once, for pages pdf.js opened but cannot draw (null: none). */
  pageImages(): Promise<PdfDoc | null>;
}

export function useOriginal(view: ResultView, baseDoc: ReviewDoc, given: Promise<PdfDoc> | null | undefined): Original {
  const [pdf, setPdf] = useState<PdfDoc | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sizes, setSizes] = useState<Size[] | null>(null);
  const [baseScale, setBaseScale] = useState<number | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [opening, setOpening] = useState(baseDoc.source !== 'none');
  const [locked, setLocked] = useState<{ wrong: boolean } | null>(null);
  const id = view.task.id;
  // The page-image document made here (its queued renders end with it).
  const drawnDoc = useRef<PdfDoc | null>(null);
  useEffect(() => () => drawnDoc.current?.destroy(), []);
  const makeDrawn = useCallback(
    (pages: number): PdfDoc => {
      drawnDoc.current?.destroy();
      drawnDoc.current = imagePages(
        view.assetBase,
        baseDoc.model.pages.map((p) => p.size),
        pages,
      );
      return drawnDoc.current;
    },
    [view.assetBase, baseDoc],
  );
  const spare = useRef<Promise<PdfDoc | null> | null>(null);
  const pageImages = useCallback(
    () =>
      (spare.current ??= invoke('results:pages', { id }).then((res) =>
        res.ok && res.value.state === 'ready' ? makeDrawn(res.value.pages) : null,
      )),
    [id, makeDrawn],
  );

  /** Sizes and scale from the opened document, then it is shown. */
  const adopt = useCallback(
    async (d: PdfDoc, alive: () => boolean) => {
      const first = await d.points(0);
      const size = baseDoc.model.pages[0]?.size;
      if (!alive()) return;
      if (size) setBaseScale((first.w * (96 / 72)) / size.w);
      else {
        const all = await Promise.all(Array.from({ length: d.numPages }, (_, i) => d.points(i)));
        if (!alive()) return;
        setSizes(all.map((p) => ({ w: p.w * 2, h: p.h * 2 })));
        setBaseScale(96 / 144);
      }
      setPdf(d);
      setOpening(false);
    },
    [baseDoc],
  );

  /** Main's answer to 'results:pages': the pages drawn from images, or the password asked for. */
  const fromMain = useCallback(
    async (password: string | undefined, alive: () => boolean, why: string): Promise<void> => {
      const res = await invoke('results:pages', password === undefined ? { id } : { id, password });
      if (!alive()) return;
      if (!res.ok) {
        setError(why);
        setOpening(false);
        return;
      }
      if (res.value.state === 'password') {
        setLocked({ wrong: res.value.wrong });
        setOpening(false);
        return;
      }
      setLocked(null);
      setDrawn(true);
      await adopt(makeDrawn(res.value.pages), alive);
    },
    [id, adopt, makeDrawn],
  );

  useEffect(() => {
    if (baseDoc.source !== 'pdf' || !view.originalUrl) {
      setOpening(false);
      return;
    }
    let alive = true;
    let opened: PdfDoc | null = null;
    const own = !given;
    (given ?? openPdf(view.originalUrl)).then(
      async (d) => {
        if (own) opened = d;
        if (!alive) return own ? d.destroy() : undefined;
        await adopt(d, () => alive);
      },
      (e: unknown) => void fromMain(undefined, () => alive, e instanceof Error ? e.message : String(e)),
    );
    return () => {
      alive = false;
      opened?.destroy();
    };
  }, [baseDoc, view.originalUrl, given, adopt, fromMain]);

  const unlock = useCallback((password: string) => fromMain(password, () => true, ''), [fromMain]);
  return { pdf, error, sizes, baseScale, drawn, opening, locked, unlock, pageImages };
}
