// The two Markdown panes, A and B, one row per matched pair (a blank "only in …" line where a side has
// no block), so matched blocks sit side by side. Each pane builds only the rows in view (Pane.tsx), so a
// 500-page comparison opens and scrolls at once. Scrolling one pane scrolls the other to the same row,
// as far into it, and says (once the panes settle) which page is at the top; reveal(i) brings row i to
// the top of both.
import { memo, useCallback, useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import type { Row } from '../../../../shared/compare/match.ts';
import { useT } from '../../i18n/index.ts';
import { Pane, type PaneHandle } from './Pane.tsx';
import type { PaneKeep, Side } from './RowBody.tsx';

export type { PaneKeep } from './RowBody.tsx';

export interface PanesHandle {
  reveal(row: number): void;
}

/** The page follows once the panes settle: redrawing it for every page flown past costs frames. */
const FOLLOW_MS = 120;

export const Panes = memo(function Panes({
  rows,
  cur,
  whatA,
  whatB,
  pendingB,
  keep,
  onPick,
  onTopPage,
  ref,
}: {
  rows: Row[];
  cur: number;
  whatA: string;
  whatB: string;
  /** Result B still arrives: its pane says so. */
  pendingB: boolean;
  keep: PaneKeep;
  onPick: (i: number) => void;
  onTopPage: (page: number) => void;
  ref?: Ref<PanesHandle>;
}) {
  const t = useT();
  const a = useRef<PaneHandle>(null);
  const b = useRef<PaneHandle>(null);
  const follow = useRef(0);
  useEffect(() => () => window.clearTimeout(follow.current), []);

  useImperativeHandle(ref, () => ({
    reveal(row) {
      a.current?.place(row, 0);
      b.current?.place(row, 0);
    },
  }));

  const onUserScroll = useCallback(
    (side: Side, row: number, frac: number) => {
      (side === 'a' ? b : a).current?.place(row, frac);
      window.clearTimeout(follow.current);
      follow.current = window.setTimeout(() => onTopPage(rows[row]?.page ?? 0), FOLLOW_MS);
    },
    [rows, onTopPage],
  );

  const labels = { a: t('compare.paneA', { what: whatA }), b: t('compare.paneB', { what: whatB }) };
  return (
    <>
      {(['a', 'b'] as const).map((side) => (
        <Pane
          key={side}
          ref={side === 'a' ? a : b}
          side={side}
          rows={rows}
          cur={cur}
          label={labels[side]}
          pending={side === 'b' && pendingB}
          keep={keep}
          onPick={onPick}
          onUserScroll={onUserScroll}
        />
      ))}
    </>
  );
});
