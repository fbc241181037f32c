// One row of one compare pane: its side of the pair (RowBody) and, on a difference, that side's keep
// button; clicking it picks the row.
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

/** Built again only when it becomes (or stops being) the current row, or its choice changes. */
export const PaneRow = memo(function PaneRow({
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
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; n / p and the keep keys do it from the keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
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
