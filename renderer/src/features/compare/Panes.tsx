// The two Markdown panes, A and B, one row per matched pair (a blank "only in …" line where a side has
// no block), so matched blocks sit side by side. Scrolling one pane scrolls the other to the same row
// and tells which page is at the top; reveal(i) brings row i to the top of both.
import { useImperativeHandle, useRef, type Ref } from 'react';
import type { Row } from '../../../../shared/compare/match.ts';
import { useT } from '../../i18n/index.ts';
import { RowBody } from './RowBody.tsx';

export interface PanesHandle {
  reveal(row: number): void;
}

const TOP_GAP = 8;

/** The row element at the top of a pane, and how far into it the pane is scrolled (0..1). */
function topRow(pane: HTMLElement): { row: number; frac: number } | null {
  const list = pane.querySelectorAll<HTMLElement>('[data-row]');
  const y = pane.scrollTop + TOP_GAP;
  let lo = 0;
  let hi = list.length - 1;
  if (hi < 0) return null;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (list[mid]!.offsetTop <= y) lo = mid;
    else hi = mid - 1;
  }
  const el = list[lo]!;
  return { row: Number(el.dataset.row), frac: Math.max(0, Math.min(1, (y - el.offsetTop) / Math.max(1, el.offsetHeight))) };
}

function rowEl(pane: HTMLElement | null, row: number): HTMLElement | null {
  return pane?.querySelector<HTMLElement>(`[data-row="${row}"]`) ?? null;
}

export function Panes({ rows, cur, whatA, whatB, onPick, onTopPage, ref }: {
  rows: Row[]; cur: number; whatA: string; whatB: string; onPick: (i: number) => void; onTopPage: (page: number) => void;
  ref?: Ref<PanesHandle>;
}) {
  const t = useT();
  const paneA = useRef<HTMLDivElement>(null);
  const paneB = useRef<HTMLDivElement>(null);
  // The pane we moved ourselves: its next scroll event is ours, not the user's.
  const moved = useRef<Set<HTMLElement>>(new Set());

  const place = (pane: HTMLElement | null, row: number, frac = 0) => {
    const el = rowEl(pane, row);
    if (!pane || !el) return;
    const top = Math.max(0, el.offsetTop + frac * el.offsetHeight - TOP_GAP);
    if (Math.abs(pane.scrollTop - top) < 1) return;
    moved.current.add(pane);
    pane.scrollTop = top;
  };

  useImperativeHandle(ref, () => ({
    reveal(row) {
      place(paneA.current, row);
      place(paneB.current, row);
    },
  }));

  const onScroll = (from: HTMLDivElement | null, to: HTMLDivElement | null) => {
    if (!from) return;
    if (moved.current.delete(from)) return;
    const top = topRow(from);
    if (!top) return;
    place(to, top.row, top.frac);
    onTopPage(rows[top.row]?.page ?? 0);
  };

  const pane = (side: 'a' | 'b') => (
    <div
      ref={side === 'a' ? paneA : paneB}
      className={`cmp-pane ${side}`}
      role="region"
      tabIndex={0}
      aria-label={side === 'a' ? t('compare.paneA', { what: whatA }) : t('compare.paneB', { what: whatB })}
      data-testid={`compare-pane-${side}`}
      onScroll={() => (side === 'a' ? onScroll(paneA.current, paneB.current) : onScroll(paneB.current, paneA.current))}
    >
      {rows.map((r, i) => (
        <div key={i} data-row={i} data-kind={r.kind} className={`cmp-row k-${r.kind}${i === cur ? ' on' : ''}`} onClick={() => onPick(i)}>
          <RowBody row={r} side={side} />
        </div>
      ))}
      <div className="cmp-tail" aria-hidden="true" />
    </div>
  );
  return (
    <>
      {pane('a')}
      {pane('b')}
    </>
  );
}
