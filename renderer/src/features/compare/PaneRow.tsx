// One row of one compare pane: its side of the pair (RowBody) and, on a difference, that side's keep
// button; clicking it picks the row. While the pane flies past, a skeleton exactly as tall as the row
// stands in for it (nothing to read at that speed, and no text to lay out).
import { memo } from 'react';
import type { Row } from '../../../../shared/compare/match.ts';
import type { KeepRefusal } from '../../../../shared/compare/merge.ts';
import { KeepButton } from './KeepControls.tsx';
import { RowBody } from './RowBody.tsx';
import type { KeepSide } from './useKeep.ts';

export type Side = 'a' | 'b';

/** What the panes need of the keep choices (useKeep). */
export interface PaneKeep {
  keepB: ReadonlySet<number>;
  refusals: readonly (KeepRefusal | null)[];
  choose(i: number, side: KeepSide | 'toggle'): void;
}

/** Built again only when it becomes (or stops being) the current row, its choice changes, or it lands. */
export const PaneRow = memo(function PaneRow({
  row,
  i,
  side,
  on,
  chosen,
  refused,
  skeleton,
  onPick,
  onKeep,
}: {
  row: Row;
  i: number;
  side: Side;
  on: boolean;
  chosen: KeepSide;
  refused: KeepRefusal | null;
  /** The row's height while the pane flies past (null: the row itself). */
  skeleton: number | null;
  onPick: (i: number) => void;
  onKeep: (i: number, side: KeepSide | 'toggle') => void;
}) {
  const cls = `cmp-row k-${row.kind}${on ? ' on' : ''}${row.kind !== 'same' && chosen === side ? ' kept' : ''}`;
  if (skeleton !== null)
    return <div className={`${cls} cmp-skeleton`} style={{ height: skeleton }} data-row={i} aria-hidden="true" />;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; n / p and the keep keys do it from the keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div
      data-row={i}
      data-kind={row.kind}
      data-a={row.a?.index}
      data-b={row.b?.index}
      data-keep={row.kind === 'same' ? undefined : chosen}
      className={cls}
      onClick={() => onPick(i)}
    >
      <RowBody row={row} side={side} />
      {row.kind !== 'same' && <KeepButton i={i} side={side} chosen={chosen} refused={refused} onKeep={onKeep} />}
    </div>
  );
});
