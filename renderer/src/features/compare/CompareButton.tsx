// The "Compare with…" entry for a finished result (review toolbar: an icon button whose label folds in a
// narrow review, LabelButton; history row: a small button): opens the picker of the other results of the
// same file.
import { useT } from '../../i18n/index.ts';
import { LabelButton } from '../review/LabelButton.tsx';
import { useCompare } from './store.ts';
import './messages.ts';

export function CompareButton({ id, fileName, folding = false }: { id: string; fileName: string; folding?: boolean }) {
  const t = useT();
  const open = () => useCompare.getState().pickFor(id, fileName);
  if (folding) return <LabelButton label={t('compare.compareWith')} icon="compare" onClick={open} testId="compare-with" />;
  return (
    <button type="button" className="btn small" data-testid="compare-with" aria-label={t('compare.compareWithLabel', { name: fileName })}
      title={t('compare.compareWithLabel', { name: fileName })} onClick={open}>
      {t('compare.compareWith')}
    </button>
  );
}
