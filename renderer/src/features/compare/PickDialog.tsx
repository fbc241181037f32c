// "Compare with…": the other results of the same file (same content hash, 'results:sameFile'), each
// one click from the comparison, and "Parse again with…" (backend, recognition switches, OCR and pages)
// that makes a new result and opens the comparison when it is done (CompareHost waits for it).
import { useEffect, useState, type FormEvent } from 'react';
import type { SameFileResult } from '../../../../shared/compare/types.ts';
import { Modal } from '../../components/Modal.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { invoke } from '../../lib/ipc.ts';
import { useTasks } from '../../stores/tasks.ts';
import { toast } from '../../stores/ui.ts';
import { deferredExportErrorLine } from '../export/actions.ts';
import { BackendFieldset, ChoiceFieldsets, useRerunChoices } from '../history/RerunDialog.tsx';
import { describeSide } from './labels.ts';
import { useCompare } from './store.ts';
import '../settings/messages.ts';
import '../history/messages.ts';
import './messages.ts';

function Again({ id, fileName }: { id: string; fileName: string }) {
  const t = useT();
  const choices = useRerunChoices(id);
  const { task, settings, backend, features, fileOptions } = choices;
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    // The comparison needs the blocks: JSON is always asked for.
    const formats = [...new Set([...(task?.formats ?? settings?.formats ?? ['markdown']), 'json' as const])];
    const res = await invoke('tasks:rerun', {
      id,
      options: { backend, formats, featureConfig: features, fileOptions },
    });
    setBusy(false);
    if (!res.ok) return void toast({ key: 'history.rerunFailed' }, 'error', deferredExportErrorLine(res.error));
    useTasks.getState().upsert(res.value);
    useCompare.getState().waitFor(res.value.id, id);
    toast({ key: 'compare.againQueued', vars: { name: fileName } }, 'info');
    useCompare.getState().closePicker();
  };
  return (
    <form className="xp-form cmp-again" onSubmit={(e) => void submit(e)} aria-labelledby="cmp-again-title">
      <h3 id="cmp-again-title">{t('compare.againTitle')}</h3>
      <p className="muted">{t('compare.againHint')}</p>
      <BackendFieldset name="cmp-backend" value={backend} onChange={choices.setBackend} />
      <ChoiceFieldsets id="cmp-options" choices={choices} />
      <div className="modal-actions">
        <button type="submit" className="btn primary" disabled={busy} data-testid="compare-again">
          {t('compare.againSubmit')}
        </button>
      </div>
    </form>
  );
}

export function PickDialog({ id, fileName }: { id: string; fileName: string }) {
  const t = useT();
  const locale = useLocale();
  const [list, setList] = useState<SameFileResult[] | null>(null);
  const mine = useTasks((s) => s.tasks[id]);
  useEffect(() => {
    let alive = true;
    void invoke('results:sameFile', { id }).then((res) => alive && setList(res.ok ? res.value : []));
    return () => {
      alive = false;
    };
  }, [id]);
  const close = () => useCompare.getState().closePicker();
  return (
    <Modal title={t('compare.pickTitle', { name: fileName })} onClose={close} testId="compare-picker">
      <p className="muted">{t('compare.pickHint')}</p>
      {list === null && <p role="status">{t('compare.loadingList')}</p>}
      {list?.length === 0 && <p data-testid="compare-none">{t('compare.none')}</p>}
      {list && list.length > 0 && (
        <ul className="cmp-pick" aria-label={t('compare.pickList')}>
          {list.map((r) => {
            const what = describeSide(t, r, mine ?? null);
            const date = formatDateTime(r.finishedAt, locale);
            return (
              <li key={r.id} data-testid="compare-candidate" data-id={r.id}>
                <span>
                  <strong>{date}</strong> <span className="muted">{what}</span>
                </span>
                <button
                  type="button"
                  className="btn small"
                  aria-label={t('compare.pickOpenLabel', { date, what })}
                  onClick={() => useCompare.getState().open(id, r.id)}
                >
                  {t('compare.pickOpen')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <Again id={id} fileName={fileName} />
      <div className="modal-actions">
        <button type="button" className="btn" onClick={close}>
          {t('history.cancel')}
        </button>
      </div>
    </Modal>
  );
}
