// Draggable divider between the queue pane and the detail pane. Keyboard: ←/→ by 16 px,
// Home/End to the limits. The width survives restarts (localStorage; no secrets there).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useT } from '../i18n/index.ts';

const KEY = 'docparse.queueWidth';
const MIN_WIDTH = 280;
const MAX_WIDTH = 640;
const DEFAULT_WIDTH = 400;

const clamp = (w: number) => Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w)));

function stored(): number {
  try {
    const v = Number(localStorage.getItem(KEY));
    return Number.isFinite(v) && v > 0 ? clamp(v) : DEFAULT_WIDTH;
  } catch {
    return DEFAULT_WIDTH;
  }
}

/** The queue pane's width and a setter that persists it. */
export function useQueueWidth(): [number, (w: number) => void] {
  const [width, setWidth] = useState(stored);
  const set = useCallback((w: number) => {
    const next = clamp(w);
    setWidth(next);
    try {
      localStorage.setItem(KEY, String(next));
    } catch {
      // Storage unavailable: the width lasts for this session.
    }
  }, []);
  return [width, set];
}

export function Splitter({ width, onChange }: { width: number; onChange(w: number): void }) {
  const t = useT();
  const drag = useRef<{ x: number; w: number } | null>(null);
  const [active, setActive] = useState(false);

  useEffect(() => {
    if (!active) return;
    document.body.classList.add('resizing');
    return () => document.body.classList.remove('resizing');
  }, [active]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, w: width };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setActive(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onChange(drag.current.w + e.clientX - drag.current.x);
  };
  const onPointerUp = () => {
    drag.current = null;
    setActive(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 64 : 16;
    const next = { ArrowLeft: width - step, ArrowRight: width + step, Home: MIN_WIDTH, End: MAX_WIDTH }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onChange(next);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable window splitter with a value; an <hr> takes no focus
    <div
      className={`splitter${active ? ' active' : ''}`}
      role="separator"
      aria-orientation="vertical"
      aria-label={t('app.resizeQueue')}
      aria-valuemin={MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onDoubleClick={() => onChange(DEFAULT_WIDTH)}
    />
  );
}
