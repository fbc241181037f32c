// Marks find-in-document hits inside the rendered Markdown with the CSS Custom Highlight API (no DOM
// changes, so React's tree and the measured heights stay untouched). Re-applied when the visible
// chunks change. Browsers without the API still get the chunk-level marking (.is-hit).
import { useEffect } from 'react';
import type { RefObject } from 'react';
import { useReview } from './context.tsx';

interface HighlightRegistry {
  set(name: string, value: unknown): void;
  delete(name: string): void;
}
type HighlightCtor = new (...ranges: Range[]) => unknown;

const registry = (): HighlightRegistry | null =>
  (globalThis as { CSS?: { highlights?: HighlightRegistry } }).CSS?.highlights ?? null;
const HighlightClass = (): HighlightCtor | null => (globalThis as { Highlight?: HighlightCtor }).Highlight ?? null;

/** Ranges of every case-insensitive occurrence of `query` in the text nodes under `root`. */
function findRanges(root: Node, query: string, limit = 2000): Range[] {
  const q = query.toLowerCase();
  const out: Range[] = [];
  if (!q) return out;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && out.length < limit; n = walker.nextNode()) {
    const text = (n.nodeValue ?? '').toLowerCase();
    for (let at = text.indexOf(q); at !== -1 && out.length < limit; at = text.indexOf(q, at + q.length)) {
      const r = document.createRange();
      r.setStart(n, at);
      r.setEnd(n, at + q.length);
      out.push(r);
    }
  }
  return out;
}

export function useHitHighlight(rootRef: RefObject<HTMLElement | null>, name = 'rv-hit'): void {
  const query = useReview((s) => s.hits.query);
  useEffect(() => {
    const root = rootRef.current;
    const reg = registry();
    const Ctor = HighlightClass();
    if (!root || !reg || !Ctor) return;
    if (!query) {
      reg.delete(name);
      return;
    }
    let frame = 0;
    const apply = () => {
      frame = 0;
      reg.set(name, new Ctor(...findRanges(root, query)));
    };
    apply();
    const mo = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(apply);
    });
    mo.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      mo.disconnect();
      cancelAnimationFrame(frame);
      reg.delete(name);
    };
  }, [rootRef, query, name]);
}
