// Loading the two results of a comparison ('results:get') and the original's PDF, drawn once for both.
// The screen shows as soon as result A and the PDF are there; B is asked for once the first page is
// drawn, so the page gets the app's server (pdf.js, its fonts, the file) and the main thread first:
// each result's JSON takes a while to write out and to read. B's boxes and rows fill in when it arrives.
import { useEffect, useRef, useState } from 'react';
import type { AppError, IpcResult } from '../../../../shared/result.ts';
import type { ResultView } from '../../../../shared/task.ts';
import { invoke } from '../../lib/ipc.ts';
import { sourceKind } from '../review/doc.ts';
import { loadPdfjs, openPdf, type PdfDoc } from '../review/pdf.ts';
import type { ComparePair } from './store.ts';

export type Load =
  | { state: 'loading' }
  | { state: 'error'; error: AppError }
  /** `b` is null while result B still arrives: the page and A show first. */
  | { state: 'ready'; a: ResultView; b: ResultView | null; pdf: Promise<PdfDoc> | null };

const closePdf = (pdf: Promise<PdfDoc>) =>
  void pdf.then(
    (d) => d.destroy(),
    () => undefined,
  );

/** The pair's load; `drawn`: the first page is drawn (or will not be), so B may be asked for. */
export function useLoad(pair: ComparePair, drawn: boolean): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // The PDFs handed to the screen (closed when it goes) rather than left behind by a failed load.
  const handed = useRef(new Set<Promise<PdfDoc>>());
  const askB = useRef<() => void>(() => undefined);
  useEffect(() => {
    let alive = true;
    setLoad({ state: 'loading' });
    void loadPdfjs().catch(() => undefined);
    let pdf: Promise<PdfDoc> | null = null;
    let a: ResultView | null = null;
    let b: ResultView | null = null;
    let failed = false;
    let asked = false;
    // Both results are of the same file: the page comes from whichever original is still there.
    const got = (side: 'a' | 'b', r: IpcResult<ResultView>) => {
      if (!alive || failed) return;
      if (!r.ok) {
        failed = true;
        return setLoad({ state: 'error', error: r.error });
      }
      if (!pdf && sourceKind(r.value) === 'pdf' && r.value.originalUrl) {
        pdf = openPdf(r.value.originalUrl);
        pdf.catch(() => undefined);
      }
      if (side === 'a') a = r.value;
      else b = r.value;
      // Without a PDF from A there is no page to wait for, and B may still bring one: B at once.
      if (side === 'a' && !pdf) askB.current();
      if (a && (b || pdf)) setLoad({ state: 'ready', a, b, pdf });
    };
    askB.current = () => {
      if (asked || !alive) return;
      asked = true;
      void invoke('results:get', { id: pair.b }).then((r) => got('b', r));
    };
    void invoke('results:get', { id: pair.a }).then((r) => got('a', r));
    return () => {
      alive = false;
      if (pdf && !handed.current.has(pdf)) closePdf(pdf);
    };
  }, [pair.a, pair.b]);
  useEffect(() => {
    if (drawn) askB.current();
  }, [drawn]);
  const pdf = load.state === 'ready' ? load.pdf : null;
  useEffect(() => {
    if (!pdf) return;
    handed.current.add(pdf);
    return () => closePdf(pdf);
  }, [pdf]);
  return load;
}
