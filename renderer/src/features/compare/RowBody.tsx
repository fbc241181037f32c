// One row of one compare pane: its side of the pair — the block's kind (and title level), then its text
// with the words only this side has marked (deleted in A, inserted in B), or its table with the differing
// cells marked, or a short "only in …" line when this side has no block there — and, on a difference,
// that side's keep button; clicking the row picks it.
import { memo, type ReactNode } from 'react';
import type { DiffOp } from '../../../../shared/compare/diff.ts';
import type { Row, SideBlock } from '../../../../shared/compare/match.ts';
import type { KeepRefusal } from '../../../../shared/compare/merge.ts';
import { tableGrid } from '../../../../shared/compare/table.ts';
import { useLocale, useT } from '../../i18n/index.ts';
import { typeLabel } from '../review/type-names.ts';
import { KeepButton } from './KeepControls.tsx';
import type { KeepSide } from './useKeep.ts';

/** A pane whose result still arrives (the page and the other pane already show). */
export function PanePending() {
  const t = useT();
  return (
    <p className="cmp-pending" role="status" data-testid="compare-pending">
      <span className="spinner" aria-hidden="true" /> {t('compare.loadingPane')}
    </p>
  );
}

function Kind({ block, changed }: { block: SideBlock; changed: boolean }) {
  const locale = useLocale();
  return (
    <span className={`cmp-type${changed ? ' changed' : ''}`}>
      {typeLabel(block.type, locale)}
      {block.level !== null ? ` H${block.level}` : ''}
    </span>
  );
}

function Table({ block, row, side }: { block: SideBlock; row: Row; side: 'a' | 'b' }) {
  const grid = tableGrid(block.content) ?? [];
  const changed = new Set((row.cells ?? []).map((c) => `${c.row},${c.col}`));
  return (
    <table className="cmp-table">
      <tbody>
        {grid.map((cells, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a table row is its position
          <tr key={r}>
            {cells.map((c, k) => {
              const mark = changed.has(`${r},${k}`);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its position
                <td key={k} className={mark ? `cell-${side}` : undefined} data-changed={mark ? 'yes' : undefined}>
                  {c}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The diff's pieces keyed by where they start in the text (A's and B's pieces together). */
function keyed(ops: readonly DiffOp[]): { key: number; op: DiffOp['op']; text: string }[] {
  let at = 0;
  return ops.map((o) => {
    const key = at;
    at += o.text.length + 1;
    return { key, op: o.op, text: o.text };
  });
}

function RowBody({ row, side }: { row: Row; side: 'a' | 'b' }) {
  const t = useT();
  const locale = useLocale();
  const block = row[side];
  if (!block) return <p className="cmp-missing">{t('compare.missing', { side: side === 'a' ? 'B' : 'A' })}</p>;
  let body: ReactNode;
  if (row.cells && block.type === 'table') body = <Table block={block} row={row} side={side} />;
  else if (row.words) {
    const keep = side === 'a' ? 'del' : 'ins';
    body = (
      <p className="cmp-text">
        {keyed(row.words).map(({ key, op, text }) =>
          op === 'same' ? (
            <span key={key}>{text}</span>
          ) : op === keep ? (
            side === 'a' ? (
              <del key={key}>{text}</del>
            ) : (
              <ins key={key}>{text}</ins>
            )
          ) : null,
        )}
      </p>
    );
  } else
    body = <p className="cmp-text">{block.text || <span className="muted">[{typeLabel(block.type, locale)}]</span>}</p>;
  return (
    <>
      <div className="cmp-rowhead">
        <Kind block={block} changed={row.kind === 'kind'} />
        {row.kind !== 'same' && <span className={`cmp-badge k-${row.kind}`}>{t(`compare.kind.${row.kind}`)}</span>}
        {row.cells && row.cells.length > 0 && (
          <span className="muted">{t('compare.cells', { n: row.cells.length })}</span>
        )}
      </div>
      {body}
    </>
  );
}

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
