// One pane's half of the synchronised scrolling: registers the pane in the bridge (how to find an
// anchor in it, how to scroll it) and returns `follow`, called from the pane's scroll handler,
// which moves the other pane when this one is the driver (see SyncGate: no feedback loops).
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { PaneBridge } from './context.tsx';
import { useReviewContext } from './context.tsx';
import type { Anchor, Pane } from './sync.ts';
import { mapPosition } from './sync.ts';

/** Minimum time between two follower jumps of more than a screen. */
const JUMP_INTERVAL_MS = 50;

const other = (p: Pane): Pane => (p === 'page' ? 'markdown' : 'page');

export interface Follow {
  /** Called on every scroll event of this pane. */
  (): void;
  /** Moves the other pane to match this one now, whoever drives (after a jump to a page). */
  now(): void;
}

export function useFollow(pane: Pane, scrollRef: RefObject<HTMLElement | null>, pos: (a: Anchor) => number): Follow {
  const { doc, store, gate, bridge } = useReviewContext();
  const posRef = useRef(pos);
  posRef.current = pos;

  useEffect(() => {
    const self: PaneBridge = {
      pos: (a) => posRef.current(a),
      scrollTop: () => scrollRef.current?.scrollTop ?? 0,
      viewport: () => scrollRef.current?.clientHeight ?? 0,
      maxScroll: () => {
        const el = scrollRef.current;
        return el ? Math.max(0, el.scrollHeight - el.clientHeight) : 0;
      },
      scrollTo: (top) => {
        const el = scrollRef.current;
        if (el && Math.abs(el.scrollTop - top) >= 1) el.scrollTop = top;
      },
    };
    bridge[pane] = self;
    return () => {
      if (bridge[pane] === self) bridge[pane] = null;
    };
  }, [bridge, pane, scrollRef]);

  const last = useRef(0);
  const trailing = useRef(0);
  useEffect(() => () => window.clearTimeout(trailing.current), []);

  /** Moves the other pane; `throttle` skips big jumps that come too fast (see follow). */
  const sync = (throttle: boolean) => {
    const me = bridge[pane];
    const them = bridge[other(pane)];
    if (!me || !them) return;
    const top = me.scrollTop();
    let target: number | null;
    // Snap at both ends so "top" and "bottom" always correspond.
    if (top <= 0) target = 0;
    else if (top >= me.maxScroll() - 1) target = them.maxScroll();
    else target = mapPosition(doc.anchors, top, me.pos, them.pos);
    if (target === null) return;
    target = Math.max(0, Math.min(target, them.maxScroll()));
    const now = performance.now();
    if (throttle && Math.abs(target - them.scrollTop()) > them.viewport() && now - last.current < JUMP_INTERVAL_MS) {
      // A jump of more than a screen replaces all the follower shows: during a fast scroll, doing
      // it every frame costs frames and shows nothing readable. Follow at ~20 Hz, and once more
      // after the last scroll event so both panes always end up matched.
      window.clearTimeout(trailing.current);
      trailing.current = window.setTimeout(
        () => gate.shouldFollow(pane, store.getState().sync) && sync(false),
        JUMP_INTERVAL_MS,
      );
      return;
    }
    last.current = now;
    them.scrollTo(target);
  };

  // Scroll events arrive once per frame, so following synchronously does not lag a frame behind.
  const follow = (() => {
    if (gate.shouldFollow(pane, store.getState().sync)) sync(true);
  }) as Follow;
  follow.now = () => {
    if (store.getState().sync) sync(false);
  };
  return follow;
}
