// The reader's place in the Markdown pane (the chunk at the top and how far into it), kept when the
// list remounts (Rendered ⇄ Source) and when a width change (panels, window) re-wraps every chunk:
// the chunk that was at the top comes back to the top. Returns `record`, to call on every scroll.
import { useEffect, useEffectEvent, useLayoutEffect } from 'react';
import type { RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';

export type Place = { chunk: number; frac: number };

/** Frames over which a restored place is re-applied while new chunks get measured. */
const SETTLE_FRAMES = 8;

type ScrollRef = RefObject<HTMLDivElement | null>;
type ChunkList = Virtualizer<HTMLDivElement, Element>;

/** Scrolls back to the saved place once its chunk has been measured. */
function restore(scrollRef: ScrollRef, virtualizer: ChunkList, place: RefObject<Place | null>): void {
  const el = scrollRef.current;
  const p = place.current;
  if (!el || !p) return;
  const m = virtualizer.measurementsCache[p.chunk];
  if (m) el.scrollTop = m.start + p.frac * m.size;
}

/** Chunks mounted around the place are measured over the next frames (each measurement can move the ones
 * below): put the place back after each of a few frames, the saved place winning over the scroll events
 * those corrections cause. Answers the cancel. */
function settle(scrollRef: ScrollRef, virtualizer: ChunkList, place: RefObject<Place | null>, saved: Place) {
  let frame = 0;
  let left = SETTLE_FRAMES;
  const step = () => {
    place.current = saved;
    restore(scrollRef, virtualizer, place);
    if (--left > 0) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}

export function useMarkdownPlace(
  scrollRef: ScrollRef,
  virtualizer: ChunkList,
  place: RefObject<Place | null>,
  count: number,
): () => void {
  const record = () => {
    const el = scrollRef.current;
    if (!el) return;
    const it = virtualizer.getVirtualItems().find((x) => x.end > el.scrollTop);
    if (it) place.current = { chunk: it.index, frac: it.size ? (el.scrollTop - it.start) / it.size : 0 };
  };
  // On mount only: the place saved by the list this one replaces (its chunk count as it is now).
  const restoreSaved = useEffectEvent(() => {
    const p = place.current;
    if (!p || p.chunk >= count) return;
    virtualizer.scrollToIndex(p.chunk, { align: 'start' });
    return settle(scrollRef, virtualizer, place, p);
  });
  useLayoutEffect(() => restoreSaved(), []);
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
      if (saved) cancel = settle(scrollRef, virtualizer, place, saved);
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      cancel();
    };
  }, [scrollRef, virtualizer, place]);
  return record;
}
