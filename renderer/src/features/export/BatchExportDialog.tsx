// Batch export: formats, Markdown images, a destination folder (native picker, or typed in browser
// mode), then a progress bar fed by 'export:progress' and the summary of written and skipped.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { BatchSummary, ExportFormat } from '../../../../shared/export.ts';
import { useT } from '../../i18n/index.ts';
import { invoke, on } from '../../lib/ipc.ts';
import { useTasks } from '../../stores/tasks.ts';
import { sayText, toast, type ToastText } from '../../stores/ui.ts';
import { deferredExportErrorLine } from './actions.ts';
import { Modal } from '../../components/Modal.tsx';
import { BatchSummaryView } from './BatchSummaryView.tsx';

const FORMATS: { value: ExportFormat; key: string }[] = [
  { value: 'markdown', key: 'export.mdFolder' },
  { value: 'json', key: 'export.json' },
  { value: 'zip', key: 'export.zip' },
];

type Phase =
  | { kind: 'setup' }
  | { kind: 'running'; done: number; total: number; current: string }
  | { kind: 'done'; summary: BatchSummary };

export function BatchExportDialog({ ids, onClose }: { ids: string[]; onClose: () => void }) {
  const t = useT();
  const folderId = useId();
  const hintId = useId();
  const folderRef = useRef<HTMLInputElement>(null);
  const [formats, setFormats] = useState<ExportFormat[]>(['markdown']);
  const [images, setImages] = useState<'folder' | 'inline'>('folder');
  const [destDir, setDestDir] = useState('');
  const [typed, setTyped] = useState(false);
  // Kept as a key or a function of the translator, worded when shown: it follows a language switch.
  const [error, setError] = useState<ToastText | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const unsubscribe = useRef<(() => void) | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Queued tasks without a result (failed, still parsing) are skipped: said before, not only after.
  const unfinished = useTasks((s) => ids.filter((id) => s.tasks[id] && s.tasks[id].state !== 'SUCCESS').length);

  useEffect(() => () => unsubscribe.current?.(), []);
  useEffect(() => {
    if (phase.kind === 'done') closeRef.current?.focus();
  }, [phase.kind]);

  const toggle = (f: ExportFormat, on: boolean) =>
    setFormats((cur) => FORMATS.map((x) => x.value).filter((v) => (v === f ? on : cur.includes(v))));

  const pick = async () => {
    const res = await invoke('dialog:pickFolder', undefined);
    if (res.ok && res.value) {
      setDestDir(res.value);
      return;
    }
    setTyped(true); // browser mode (or no picker): type the path
    folderRef.current?.focus();
  };

  const start = async (e: FormEvent) => {
    e.preventDefault();
    if (formats.length === 0) return setError({ key: 'export.needFormat' });
    if (destDir.trim() === '') return setError({ key: 'export.needFolder' });
    setError(null);
    setPhase({ kind: 'running', done: 0, total: ids.length, current: '' });
    unsubscribe.current = on('export:progress', (p) => {
      setPhase((cur) =>
        cur.kind === 'running' ? { kind: 'running', done: p.done, total: p.total, current: p.current } : cur,
      );
    });
    const res = await invoke('export:batch', { ids, formats, destDir: destDir.trim(), images });
    unsubscribe.current?.();
    unsubscribe.current = null;
    if (!res.ok) {
      setPhase({ kind: 'setup' });
      const line = deferredExportErrorLine(res.error);
      setError(() => line);
      toast({ key: 'export.failed' }, 'error', line);
      return;
    }
    setPhase({ kind: 'done', summary: res.value });
  };

  return (
    <Modal title={t('export.batchTitle', { n: ids.length })} onClose={onClose} testId="batch-export-dialog">
      {phase.kind === 'setup' && (
        <form className="xp-form" onSubmit={(e) => void start(e)}>
          {unfinished > 0 && (
            <p className="xp-note" data-testid="batch-unfinished">
              {t('export.batchUnfinished', { n: unfinished })}
            </p>
          )}
          <fieldset>
            <legend>{t('export.formats')}</legend>
            {FORMATS.map((f) => (
              <label key={f.value} className="xp-check">
                <input
                  type="checkbox"
                  checked={formats.includes(f.value)}
                  onChange={(e) => toggle(f.value, e.currentTarget.checked)}
                />
                {t(f.key)}
              </label>
            ))}
          </fieldset>
          {formats.includes('markdown') && (
            <fieldset>
              <legend>{t('export.images')}</legend>
              <label className="xp-check">
                <input
                  type="radio"
                  name="xp-images"
                  checked={images === 'folder'}
                  onChange={() => setImages('folder')}
                />
                {t('export.imagesFolder')}
              </label>
              <label className="xp-check">
                <input
                  type="radio"
                  name="xp-images"
                  checked={images === 'inline'}
                  onChange={() => setImages('inline')}
                />
                {t('export.imagesInline')}
              </label>
            </fieldset>
          )}
          <label htmlFor={folderId} className="xp-field">
            <span>{t('export.folderLabel')}</span>
          </label>
          <div className="xp-row">
            <input
              id={folderId}
              ref={folderRef}
              type="text"
              spellCheck={false}
              value={destDir}
              aria-describedby={hintId}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setDestDir(e.currentTarget.value)}
            />
            <button type="button" className="btn" onClick={() => void pick()}>
              {t('export.choose')}
            </button>
          </div>
          <p id={hintId} className="muted xp-small">
            {typed ? t('export.folderTyped') : t('export.folderHint')}
          </p>
          {error && (
            <p role="alert" className="xp-error">
              {sayText(error, t)}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="btn" onClick={onClose}>
              {t('export.cancel')}
            </button>
            <button type="submit" className="btn primary" data-autofocus>
              {t('export.start')}
            </button>
          </div>
        </form>
      )}
      {phase.kind === 'running' && (
        <div className="xp-progress">
          <progress max={phase.total} value={phase.done} aria-label={t('export.progressLabel')} />
          <p role="status" aria-live="polite">
            {t('export.progress', { done: phase.done, total: phase.total })}
            {phase.current && <span className="muted"> · {t('export.current', { name: phase.current })}</span>}
          </p>
        </div>
      )}
      {phase.kind === 'done' && (
        <>
          <BatchSummaryView summary={phase.summary} />
          <div className="modal-actions">
            <button ref={closeRef} type="button" className="btn primary" onClick={onClose}>
              {t('export.close')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
