// Tells a pane whether it is flying past its content: scroll speed above ~2 viewports per second.
// Pages do not start rendering then (their renders would be cancelled a moment later anyway, and
// they would take CPU from the frames); they render as soon as the pane slows down or stops.
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

const VIEWPORTS_PER_SECOND = 2;
const SETTLE_MS = 120;

export function useFastScroll(scrollRef: RefObject<HTMLElement | null>, onChange?: (fast: boolean) => void): { fast: boolean; onScroll(): void } {
  const [fast, setFastState] = useState(false);
  const setFast = (v: boolean) => {
    setFastState(v);
    onChange?.(v);
  };
  const last = useRef({ t: 0, y: 0 });
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const now = performance.now();
    const dt = now - last.current.t;
    const dy = Math.abs(el.scrollTop - last.current.y);
    last.current = { t: now, y: el.scrollTop };
    const limit = (VIEWPORTS_PER_SECOND * el.clientHeight) / 1000;
    if (dt > 0 && dt < 200 && dy / dt > limit) {
      if (!fast) setFast(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setFast(false), SETTLE_MS);
    }
  };
  return { fast, onScroll };
}
