// Tells a pane whether it is flying past its content (scroll speed above `limit` viewports per
// second). The page pane starts no page renders then (2/s: they would be cancelled a moment later
// and take CPU from the frames); the Markdown pane shows skeletons instead of text (20/s: its
// content is replaced every few frames). Both catch up as soon as the pane slows down or stops.
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

const SETTLE_MS = 120;
const WINDOW_MS = 150;
const MIN_SPAN_MS = 30;

/** `limit`: viewports per second above which the pane counts as flying. */
export function useFastScroll(
  scrollRef: RefObject<HTMLElement | null>,
  onChange?: (fast: boolean) => void,
  limit = 2,
): { fast: boolean; onScroll(): void } {
  const [fast, setFastState] = useState(false);
  const fastRef = useRef(false);
  const setFast = (v: boolean) => {
    if (fastRef.current === v) return;
    fastRef.current = v;
    setFastState(v);
    onChange?.(v);
  };
  // Recent positions: the speed is measured over a window, so two scroll events in one frame
  // (a follow and a size correction) do not look like a leap.
  const samples = useRef<{ t: number; y: number }[]>([]);
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const now = performance.now();
    const list = samples.current.filter((s) => now - s.t <= WINDOW_MS);
    list.push({ t: now, y: el.scrollTop });
    samples.current = list;
    const first = list[0]!;
    const span = now - first.t;
    if (span < MIN_SPAN_MS) return;
    const speed = Math.abs(el.scrollTop - first.y) / span;
    if (speed > (limit * el.clientHeight) / 1000) {
      setFast(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setFast(false), SETTLE_MS);
    }
  };
  return { fast, onScroll };
}
