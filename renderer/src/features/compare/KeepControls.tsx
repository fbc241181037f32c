// The merge controls of the compare screen: on each difference, "Keep A" in A's pane and "Keep B" in B's
// (toggle buttons; a picture of B's own says why it cannot be kept), and in the tool row "Save merged
// version" with how many blocks come from B, then "Open in review" once saved, or why the save failed.
import type { KeepRefusal } from '../../../../shared/compare/merge.ts';
import { useT } from '../../i18n/index.ts';
import type { Keep, KeepSide } from './useKeep.ts';

/** One side's keep button of row i (or the reason B cannot be kept). */
export function KeepButton({
  i,
  side,
  chosen,
  refused,
  onKeep,
}: {
  i: number;
  side: KeepSide;
  chosen: KeepSide;
  refused: KeepRefusal | null;
  onKeep: (i: number, side: KeepSide | 'toggle') => void;
}) {
  const t = useT();
  if (side === 'b' && refused)
    return (
      <span className="cmp-keep-no" data-testid="keep-refused">
        {t(`compare.keepNo.${refused}`)}
      </span>
    );
  const on = chosen === side;
  return (
    <button
      type="button"
      className={`cmp-keep ${side}`}
      aria-pressed={on}
      data-testid={`keep-${side}`}
      aria-keyshortcuts={side}
      onClick={() => onKeep(i, on && side === 'b' ? 'a' : side)}
    >
      {t(side === 'a' ? 'compare.keepA' : 'compare.keepB')}
    </button>
  );
}

export function KeepBar({ keep, ready }: { keep: Keep; ready: boolean }) {
  const t = useT();
  const n = keep.keepB.size;
  return (
    <span className="cmp-merge">
      <button
        type="button"
        className="btn small primary"
        disabled={!ready || n === 0 || keep.saving}
        onClick={() => void keep.save()}
        data-testid="compare-save-merged"
        title={t('compare.mergeHint')}
      >
        {keep.saving ? t('compare.savingMerged') : t('compare.saveMerged', { n })}
      </button>
      {keep.saved && (
        <>
          <span role="status" data-testid="compare-merged-saved">
            {t('compare.mergedSaved')}
          </span>
          <button
            type="button"
            className="btn small"
            onClick={keep.openSaved}
            data-testid="compare-open-merged"
            data-id={keep.saved}
          >
            {t('compare.openMerged')}
          </button>
        </>
      )}
      {keep.error && (
        <span role="alert" className="cmp-merge-error">
          {t(keep.error.key, keep.error.vars)}
        </span>
      )}
    </span>
  );
}
