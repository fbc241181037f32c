// The "Compare with…" entry for a finished result (a small button in a result's header beside Export and
// in a history row): opens the picker of the other results of the same file.
import { useT } from '../../i18n/index.ts';
import { useCompare } from './store.ts';
import './messages.ts';

export function CompareButton({ id, fileName }: { id: string; fileName: string }) {
  const t = useT();
  const open = () => useCompare.getState().pickFor(id, fileName);
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
