// The reader's place in the Markdown pane (the chunk at the top and how far into it), kept when the
// list remounts (Rendered ⇄ Source) and when a width change (panels, window) re-wraps every chunk:
// the chunk that was at the top comes back to the top. Returns `record`, to call on every scroll.
import { useEffect, useLayoutEffect } from 'react';
import type { RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';

export type Place = { chunk: number; frac: number };

/** Frames over which a restored place is re-applied while new chunks get measured. */
const SETTLE_FRAMES = 8;

export function useMarkdownPlace(
  scrollRef: RefObject<HTMLDivElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  place: RefObject<Place | null>,
  count: number,
): () => void {
  const record = () => {
    const el = scrollRef.current;
    if (!el) return;
    const it = virtualizer.getVirtualItems().find((x) => x.end > el.scrollTop);
    if (it) place.current = { chunk: it.index, frac: it.size ? (el.scrollTop - it.start) / it.size : 0 };
  };
  const restore = () => {
    const el = scrollRef.current;
    const p = place.current;
    if (!el || !p) return;
    const m = virtualizer.measurementsCache[p.chunk];
    if (m) el.scrollTop = m.start + p.frac * m.size;
  };
  // Chunks mounted around the place are measured over the next frames (each measurement can move
  // the ones below): put the place back after each of a few frames, the saved place winning over
  // the scroll events those corrections cause.
  const settle = (saved: Place, frames: number): (() => void) => {
    let frame = 0;
    let left = frames;
    const step = () => {
      place.current = saved;
      restore();
      if (--left > 0) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  };
  useLayoutEffect(() => {
    const p = place.current;
    if (!p || p.chunk >= count) return;
    virtualizer.scrollToIndex(p.chunk, { align: 'start' });
    return settle(p, SETTLE_FRAMES);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let width = el.clientWidth;
    let cancel = () => {};
    const ro = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      const saved = place.current;
      cancel();
      if (saved) cancel = settle(saved, SETTLE_FRAMES);
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      cancel();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [virtualizer]);
  return record;
}
