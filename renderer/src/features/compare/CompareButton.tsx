// The "Compare with…" entry for a finished result (a result's header beside Export, or the review toolbar: an icon button, its label the name and
// tooltip, LabelButton; history row: a small button): opens the picker of the other results of the
// same file.
import { useT } from '../../i18n/index.ts';
import { LabelButton } from '../review/LabelButton.tsx';
import { useCompare } from './store.ts';
import './messages.ts';

export function CompareButton({ id, fileName, folding = false }: { id: string; fileName: string; folding?: boolean }) {
  const t = useT();
  const open = () => useCompare.getState().pickFor(id, fileName);
  // In the toolbar: an icon whose label is always folded (its name and tooltip), so the row keeps its width.
  if (folding)
    return (
      <LabelButton
        className="rv-toggle cmp-fold"
        label={t('compare.compareWith')}
        icon="compare"
        onClick={open}
        testId="compare-with"
      />
    );
  return (
    <button
      type="button"
      className="btn small"
      data-testid="compare-with"
      aria-label={t('compare.compareWithLabel', { name: fileName })}
      title={t('compare.compareWithLabel', { name: fileName })}
      onClick={open}
    >
      {t('compare.compareWith')}
    </button>
  );
}
