// One side of one compare row: the block's kind (and title level), then its text — with the words only
// this side has marked (deleted in A, inserted in B) — or its table with the differing cells marked, or
// a short "only in …" line when this side has no block there.
import type { Row, SideBlock } from '../../../../shared/compare/match.ts';
import { tableGrid } from '../../../../shared/compare/table.ts';
import { useLocale, useT } from '../../i18n/index.ts';
import { typeLabel } from '../review/type-names.ts';

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
          <tr key={r}>
            {cells.map((c, k) => {
              const mark = changed.has(`${r},${k}`);
              return (
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

export function RowBody({ row, side }: { row: Row; side: 'a' | 'b' }) {
  const t = useT();
  const locale = useLocale();
  const block = row[side];
  if (!block) return <p className="cmp-missing">{t('compare.missing', { side: side === 'a' ? 'B' : 'A' })}</p>;
  let body;
  if (row.cells && block.type === 'table') body = <Table block={block} row={row} side={side} />;
  else if (row.words) {
    const keep = side === 'a' ? 'del' : 'ins';
    body = (
      <p className="cmp-text">
        {row.words.map((o, i) =>
          o.op === 'same' ? (
            <span key={i}>{o.text}</span>
          ) : o.op === keep ? (
            side === 'a' ? (
              <del key={i}>{o.text}</del>
            ) : (
              <ins key={i}>{o.text}</ins>
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
