// The comparison of two loaded results, computed in a worker (compare.worker.ts) so the screen and its
// page show at once; null until it is done. Where workers cannot start, it is computed here.
import { useEffect, useState } from 'react';
import { compareResults, type Comparison } from '../../../../shared/compare/summary.ts';
import type { JsonOutput } from '../../../../shared/somark.ts';

export function useComparison(
  a: JsonOutput | null | undefined,
  b: JsonOutput | null | undefined,
  ready: boolean,
): Comparison | null {
  const [result, setResult] = useState<Comparison | null>(null);
  useEffect(() => {
    setResult(null);
    if (!ready) return;
    let worker: Worker | null = null;
    try {
      worker = new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      setResult(compareResults(a ?? null, b ?? null));
      return;
    }
    worker.onmessage = (e: MessageEvent<Comparison>) => setResult(e.data);
    worker.onerror = () => setResult(compareResults(a ?? null, b ?? null));
    worker.postMessage({ a: a ?? null, b: b ?? null });
    return () => worker?.terminate();
  }, [a, b, ready]);
  return result;
}
