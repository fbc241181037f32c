// The two Markdown panes, A and B, one row per matched pair (a blank "only in …" line where a side has
// no block), so matched blocks sit side by side. Rows are grouped by page and only the pages around the
// one in view are built (others keep their measured height, or an estimate), so a 500-page comparison
// opens at once. Scrolling one pane scrolls the other to the same row (or page) and tells which page is
// at the top; reveal(i) builds row i's page and brings the row to the top of both.
import { memo, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import type { Row } from '../../../../shared/compare/match.ts';
import type { KeepRefusal } from '../../../../shared/compare/merge.ts';
import { useT } from '../../i18n/index.ts';
import { KeepButton } from './KeepControls.tsx';
import { RowBody } from './RowBody.tsx';
import type { KeepSide } from './useKeep.ts';

export interface PanesHandle {
  reveal(row: number): void;
}

const TOP_GAP = 8;
/** Pages built before and after the one at the top. */
const AROUND = 2;
const ROW_ESTIMATE = 44;
const FOLLOW_MS = 120;
type Side = 'a' | 'b';

/** The last element of `list` whose top is at or above `y` (list in document order). */
function lastAbove(list: ArrayLike<HTMLElement>, y: number): HTMLElement | null {
  let lo = 0;
  let hi = list.length - 1;
  if (hi < 0) return null;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (list[mid]!.offsetTop <= y) lo = mid;
    else hi = mid - 1;
  }
  return list[lo]!;
}

const fracIn = (el: HTMLElement, y: number): number =>
  Math.max(0, Math.min(1, (y - el.offsetTop) / Math.max(1, el.offsetHeight)));

/** What the panes need of the keep choices (useKeep). */
export interface PaneKeep {
  keepB: ReadonlySet<number>;
  refusals: readonly (KeepRefusal | null)[];
  choose(i: number, side: KeepSide | 'toggle'): void;
}

/** One row of one pane; built again only when it becomes (or stops being) the current row, or its choice changes. */
const PaneRow = memo(function PaneRow({
  row,
  i,
  side,
  on,
  chosen,
  refused,
  onPick,
  onKeep,
}: {
  row: Row;
  i: number;
  side: Side;
  on: boolean;
  chosen: KeepSide;
  refused: KeepRefusal | null;
  onPick: (i: number) => void;
  onKeep: (i: number, side: KeepSide | 'toggle') => void;
}) {
  return (
    <div
      data-row={i}
      data-kind={row.kind}
      data-a={row.a?.index}
      data-b={row.b?.index}
      data-keep={row.kind === 'same' ? undefined : chosen}
      className={`cmp-row k-${row.kind}${on ? ' on' : ''}${row.kind !== 'same' && chosen === side ? ' kept' : ''}`}
      onClick={() => onPick(i)}
    >
      <RowBody row={row} side={side} />
      {row.kind !== 'same' && <KeepButton i={i} side={side} chosen={chosen} refused={refused} onKeep={onKeep} />}
    </div>
  );
});

export const Panes = memo(function Panes({
  rows,
  cur,
  whatA,
  whatB,
  keep,
  onPick,
  onTopPage,
  ref,
}: {
  rows: Row[];
  cur: number;
  whatA: string;
  whatB: string;
  keep: PaneKeep;
  onPick: (i: number) => void;
  onTopPage: (page: number) => void;
  ref?: Ref<PanesHandle>;
}) {
  const t = useT();
  const panes = { a: useRef<HTMLDivElement>(null), b: useRef<HTMLDivElement>(null) };
  // Scroll positions we set ourselves: the next scroll event of that pane is ours, not the user's.
  const moved = useRef<Set<HTMLElement>>(new Set());
  const heights = useRef<{ a: Map<number, number>; b: Map<number, number> }>({ a: new Map(), b: new Map() });
  const pending = useRef<number | null>(null);
  const follow = useRef(0);
  const [center, setCenter] = useState(0);
  const byPage = useMemo(() => {
    const out: number[][] = [];
    rows.forEach((r, i) => (out[r.page] ??= []).push(i));
    for (let p = 0; p < out.length; p++) out[p] ??= [];
    return out;
  }, [rows]);
  const built = (p: number) => Math.abs(p - center) <= AROUND;

  const setTop = (pane: HTMLElement | null, top: number) => {
    if (!pane || Math.abs(pane.scrollTop - top) < 1) return;
    moved.current.add(pane);
    pane.scrollTop = top;
  };
  const place = (pane: HTMLElement | null, row: number) => {
    const el = pane?.querySelector<HTMLElement>(`[data-row="${row}"]`);
    if (el) setTop(pane, Math.max(0, el.offsetTop - TOP_GAP));
  };

  // After a render: remember built pages' heights; finish a reveal that waited for its page.
  useLayoutEffect(() => {
    for (const side of ['a', 'b'] as const) {
      for (const el of panes[side].current?.querySelectorAll<HTMLElement>('[data-built="1"]') ?? []) {
        heights.current[side].set(Number(el.dataset.page), el.offsetHeight);
      }
    }
    if (pending.current !== null) {
      const row = pending.current;
      pending.current = null;
      place(panes.a.current, row);
      place(panes.b.current, row);
    }
  });

  useImperativeHandle(ref, () => ({
    reveal(row) {
      const page = rows[row]?.page ?? 0;
      pending.current = row;
      if (built(page) && center === page) {
        place(panes.a.current, row);
        place(panes.b.current, row);
        pending.current = null;
      } else setCenter(page);
    },
  }));

  const onScroll = (side: Side) => {
    const from = panes[side].current;
    const to = panes[side === 'a' ? 'b' : 'a'].current;
    if (!from || moved.current.delete(from)) return;
    const y = from.scrollTop + TOP_GAP;
    const section = lastAbove(from.querySelectorAll<HTMLElement>('[data-page]'), y);
    if (!section) return;
    const page = Number(section.dataset.page);
    const row =
      section.dataset.built === '1' ? lastAbove(section.querySelectorAll<HTMLElement>('[data-row]'), y) : null;
    const twin = row
      ? to?.querySelector<HTMLElement>(`[data-row="${row.dataset.row}"]`)
      : to?.querySelector<HTMLElement>(`[data-page="${page}"]`);
    if (twin) setTop(to, Math.max(0, twin.offsetTop + fracIn(row ?? section, y) * twin.offsetHeight - TOP_GAP));
    if (page !== center) setCenter(page);
    // The page follows once the panes settle: redrawing it on every page flown past costs frames.
    window.clearTimeout(follow.current);
    follow.current = window.setTimeout(() => onTopPage(page), FOLLOW_MS);
  };

  const pane = (side: Side) => (
    <div
      ref={panes[side]}
      className={`cmp-pane ${side}`}
      role="region"
      tabIndex={0}
      aria-label={side === 'a' ? t('compare.paneA', { what: whatA }) : t('compare.paneB', { what: whatB })}
      data-testid={`compare-pane-${side}`}
      onScroll={() => onScroll(side)}
    >
      {byPage.map((list, p) =>
        built(p) ? (
          <div key={p} data-page={p} data-built="1">
            {list.map((i) => (
              <PaneRow
                key={i}
                row={rows[i]!}
                i={i}
                side={side}
                on={i === cur}
                chosen={keep.keepB.has(i) ? 'b' : 'a'}
                refused={keep.refusals[i] ?? null}
                onPick={onPick}
                onKeep={keep.choose}
              />
            ))}
          </div>
        ) : (
          <div key={p} data-page={p} style={{ height: heights.current[side].get(p) ?? list.length * ROW_ESTIMATE }} />
        ),
      )}
      <div className="cmp-tail" aria-hidden="true" />
    </div>
  );
  return (
    <>
      {pane('a')}
      {pane('b')}
    </>
  );
});
