// Loads the two results of a comparison ('results:get') and the original's PDF, drawn once for both:
// pdf.js loads at once and the PDF opens as soon as the first result names it, so the page is drawn
// while the other result still arrives. The PDF is closed with the screen.
import { useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../../shared/result.ts';
import type { ResultView } from '../../../../shared/task.ts';
import { invoke } from '../../lib/ipc.ts';
import { sourceKind } from '../review/doc.ts';
import { loadPdfjs, openPdf, type PdfDoc } from '../review/pdf.ts';
import type { ComparePair } from './store.ts';

export type Load =
  | { state: 'loading' }
  | { state: 'error'; error: AppError }
  | { state: 'ready'; a: ResultView; b: ResultView; pdf: Promise<PdfDoc> | null };

const closePdf = (pdf: Promise<PdfDoc>) =>
  void pdf.then(
    (d) => d.destroy(),
    () => undefined,
  );

export function useLoad(pair: ComparePair): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // The PDFs handed to the screen (closed when it goes) rather than left behind by a failed load.
  const handed = useRef(new Set<Promise<PdfDoc>>());
  useEffect(() => {
    let alive = true;
    setLoad({ state: 'loading' });
    void loadPdfjs().catch(() => undefined);
    let pdf: Promise<PdfDoc> | null = null;
    // Both results are of the same file: the page comes from whichever original is still there.
    const get = (id: string) =>
      invoke('results:get', { id }).then((r) => {
        if (alive && !pdf && r.ok && sourceKind(r.value) === 'pdf' && r.value.originalUrl) {
          pdf = openPdf(r.value.originalUrl);
          pdf.catch(() => undefined);
        }
        return r;
      });
    void Promise.all([get(pair.a), get(pair.b)]).then(([a, b]) => {
      if (!alive) return;
      if (!a.ok) return setLoad({ state: 'error', error: a.error });
      if (!b.ok) return setLoad({ state: 'error', error: b.error });
      setLoad({ state: 'ready', a: a.value, b: b.value, pdf });
    });
    return () => {
      alive = false;
      if (pdf && !handed.current.has(pdf)) closePdf(pdf);
    };
  }, [pair.a, pair.b]);
  useEffect(() => {
    if (load.state !== 'ready' || !load.pdf) return;
    const pdf = load.pdf;
    handed.current.add(pdf);
    return () => closePdf(pdf);
  }, [load]);
  return load;
}
