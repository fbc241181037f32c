// "Save to a path…" of the export feature: where no native save dialog exists (browser mode) the user
// types the destination; an existing file is only replaced after the overwrite question.
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal.tsx';
import { useT } from '../../i18n/index.ts';
import { exportTask, requestFor, type ExportChoice } from './actions.ts';

const CHOICES: { value: ExportChoice; key: string; ext: string }[] = [
  { value: 'md-folder', key: 'export.mdFolder', ext: '.md' },
  { value: 'md-inline', key: 'export.mdInline', ext: '.md' },
  { value: 'json', key: 'export.json', ext: '.json' },
  { value: 'json-service', key: 'export.jsonService', ext: '.json' },
  { value: 'zip', key: 'export.zip', ext: '.zip' },
];

const isAbsolutePath = (p: string): boolean => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\');

export function PathExportDialog({
  taskId,
  initial,
  onClose,
}: {
  taskId: string;
  initial: ExportChoice;
  onClose: () => void;
}) {
  const t = useT();
  const pathId = useId();
  const hintId = useId();
  const [choice, setChoice] = useState<ExportChoice>(initial);
  const [path, setPath] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null); // a message key, worded when shown

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const dest = path.trim();
    if (!isAbsolutePath(dest)) {
      setError('export.err.BAD_PATH');
      return;
    }
    setBusy(true);
    setError(null);
    const written = await exportTask({ ...requestFor(taskId, choice), destPath: dest });
    setBusy(false);
    if (written.length > 0) onClose();
  };

  return (
    <Modal title={t('export.pathTitle')} onClose={onClose} testId="export-path-dialog">
      <form onSubmit={(e) => void submit(e)} className="xp-form">
        <label className="xp-field">
          <span>{t('export.formatLabel')}</span>
          <select value={choice} onChange={(e) => setChoice(e.currentTarget.value as ExportChoice)}>
            {CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {t(c.key)}
              </option>
            ))}
          </select>
        </label>
        <label className="xp-field" htmlFor={pathId}>
          <span>{t('export.pathLabel')}</span>
        </label>
        <input
          id={pathId}
          data-autofocus
          type="text"
          spellCheck={false}
          value={path}
          aria-describedby={hintId}
          aria-invalid={error !== null}
          placeholder={`/…/document${CHOICES.find((c) => c.value === choice)!.ext}`}
          onChange={(e) => setPath(e.currentTarget.value)}
        />
        <p id={hintId} className="muted xp-small">
          {t('export.pathHint')}
        </p>
        {error && (
          <p role="alert" className="xp-error">
            {t(error)}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('export.cancel')}
          </button>
          <button type="submit" className="btn primary" disabled={busy || path.trim() === ''}>
            {t('export.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
