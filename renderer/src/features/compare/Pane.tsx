// One compare pane (A or B): a scroller with a slot per row where only the rows in and near view are
// built, each placed at its offset (heights.ts: estimated, then measured once shown). Flying past (a
// dragged scrollbar, a fling) no row is built: the pane shows skeleton lines until it slows down. Its
// handle places a row at the top; scrolls the user makes (not those placed) are reported with the row at
// the top and how far into it.
import { memo, useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import type { Row } from '../../../../shared/compare/match.ts';
import { useFastScroll } from '../review/useFastScroll.ts';
import { estimateRows, RowHeights, SLOT_PAD } from './heights.ts';
import { type PaneKeep, PanePending, PaneRow, type Side } from './RowBody.tsx';

/** The pane's top padding, the rows' top margin and a slot's space above its row (compare.css). */
const BASE = 6 + 1 + SLOT_PAD / 2;
/** Space left above a row placed at the top. */
const TOP_GAP = 8;
/** Rows are built this far (px) above and below the visible part. */
const OVERSCAN = 320;
/** Viewports per second above which the pane counts as flying past. */
const FLY_LIMIT = 10;

export interface PaneHandle {
  /** Scrolls so that `frac` (0..1) of row `row` is at the top, less the gap. */
  place(row: number, frac: number): void;
}

type Range = readonly [number, number];

export const Pane = memo(function Pane({
  side,
  rows,
  cur,
  label,
  pending = false,
  keep,
  onPick,
  onUserScroll,
  ref,
}: {
  side: Side;
  rows: readonly Row[];
  cur: number;
  label: string;
  /** Its result still arrives: a loading line instead of rows. */
  pending?: boolean;
  keep: PaneKeep;
  onPick: (i: number) => void;
  /** A scroll the user made: the row now at the top and how far into it. */
  onUserScroll: (side: Side, row: number, frac: number) => void;
  ref?: Ref<PaneHandle>;
}) {
  const el = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const heights = useMemo(() => new RowHeights(estimateRows(rows, side, width || 400)), [rows, side, width]);
  const [range, setRange] = useState<Range>([0, -1]);
  // The row at the top and how far into it: kept across re-estimates and re-measures.
  const anchor = useRef({ row: 0, frac: 0 });
  // A scrollTop this pane set itself: its scroll event is not the user's.
  const placed = useRef<number | null>(null);
  const fast = useFastScroll(el, undefined, FLY_LIMIT);
  const flying = fast.fast;
  // No rows are built while flying (read by the scroll handlers).
  const flyingNow = useRef(flying);
  flyingNow.current = flying;

  /** Builds the rows now in view; `moved`: rows were measured, so their slots move even if the range did not. */
  const showRange = useCallback(
    (moved = false) => {
      const pane = el.current;
      const next: Range =
        !pane || heights.count === 0
          ? [0, -1]
          : [
              heights.rowAt(pane.scrollTop - BASE - OVERSCAN),
              heights.rowAt(pane.scrollTop - BASE + pane.clientHeight + OVERSCAN),
            ];
      setRange((r) => (!moved && r[0] === next[0] && r[1] === next[1] ? r : next));
    },
    [heights],
  );
  const topOf = useCallback(
    (row: number, frac: number) => Math.max(0, BASE + heights.offset(row) + frac * heights.sizes[row]! - TOP_GAP),
    [heights],
  );
  const place = useCallback(
    (row: number, frac: number) => {
      const pane = el.current;
      if (!pane || row < 0 || row >= heights.count) return;
      anchor.current = { row, frac };
      const top = topOf(row, frac);
      if (Math.abs(pane.scrollTop - top) < 1) return;
      placed.current = top;
      pane.scrollTop = top;
      if (!flyingNow.current) showRange();
    },
    [heights, topOf, showRange],
  );
  useImperativeHandle(ref, () => ({ place }));

  useLayoutEffect(() => {
    const pane = el.current;
    if (!pane) return;
    setWidth(pane.clientWidth);
    const ro = new ResizeObserver(() => setWidth(pane.clientWidth));
    ro.observe(pane);
    return () => ro.disconnect();
  }, []);
  // New rows or a new width: new estimates; the row at the top stays there.
  useLayoutEffect(() => {
    if (anchor.current.row >= heights.count) anchor.current = { row: 0, frac: 0 };
    place(anchor.current.row, anchor.current.frac);
    showRange();
  }, [heights, place, showRange]);
  // Landed after flying past: the rows now in view.
  useLayoutEffect(() => {
    if (!flying) showRange();
  }, [flying, showRange]);
  // After each build: measure the rows shown for the first time; if that moved rows, keep the top one in place.
  useLayoutEffect(() => {
    if (flying) return;
    let changed = false;
    for (const slot of inner.current?.children ?? []) {
      const i = Number((slot as HTMLElement).dataset.i);
      if (!heights.isMeasured(i)) changed = heights.set(i, slot.getBoundingClientRect().height) || changed;
    }
    if (!changed) return;
    const pane = el.current;
    const { row, frac } = anchor.current;
    if (pane && row < heights.count) {
      const top = topOf(row, frac);
      if (Math.abs(pane.scrollTop - top) >= 1) {
        placed.current = top;
        pane.scrollTop = top;
      }
    }
    showRange(true);
  });

  const onScroll = () => {
    fast.onScroll();
    const pane = el.current;
    if (!pane || heights.count === 0) return;
    if (!flyingNow.current) showRange();
    const y = pane.scrollTop - BASE + TOP_GAP;
    const row = heights.rowAt(y);
    const frac = Math.max(0, Math.min(1, (y - heights.offset(row)) / Math.max(1, heights.sizes[row]!)));
    anchor.current = { row, frac };
    const mine = placed.current;
    placed.current = null;
    if (mine !== null && Math.abs(mine - pane.scrollTop) < 1) return;
    onUserScroll(side, row, frac);
  };

  const slots = [];
  for (let i = range[0]; !flying && i <= range[1] && i < rows.length; i++) {
    slots.push(
      <div key={i} className="cmp-slot" data-i={i} style={{ top: heights.offset(i) }}>
        <PaneRow
          row={rows[i]!}
          i={i}
          side={side}
          on={i === cur}
          chosen={keep.keepB.has(i) ? 'b' : 'a'}
          refused={keep.refusals[i] ?? null}
          onPick={onPick}
          onKeep={keep.choose}
        />
      </div>,
    );
  }
  return (
    <section
      ref={el}
      className={`cmp-pane ${side}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached and scrolled from the keyboard
      tabIndex={0}
      aria-label={label}
      data-testid={`compare-pane-${side}`}
      onScroll={onScroll}
      aria-busy={pending}
    >
      {pending && <PanePending />}
      <div ref={inner} className={flying ? 'cmp-rows flying' : 'cmp-rows'} style={{ height: heights.total() }}>
        {slots}
      </div>
      <div className="cmp-tail" aria-hidden="true" />
    </section>
  );
});
