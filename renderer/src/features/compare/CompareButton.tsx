// The "Compare with…" entry for a finished result (review toolbar, history row): opens the picker of
// the other results of the same file.
import { useT } from '../../i18n/index.ts';
import { useCompare } from './store.ts';
import './messages.ts';

export function CompareButton({ id, fileName, className = 'btn small' }: { id: string; fileName: string; className?: string }) {
  const t = useT();
  return (
    <button type="button" className={className} data-testid="compare-with" aria-label={t('compare.compareWithLabel', { name: fileName })}
      title={t('compare.compareWithLabel', { name: fileName })} onClick={() => useCompare.getState().pickFor(id, fileName)}>
      {t('compare.compareWith')}
    </button>
  );
}
