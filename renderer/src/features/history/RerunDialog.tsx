// Re-run a history item with other options (backend, formats, feature_config, OCR and page range), worded as in Settings.
// Starts from the original task's options when it is still known, else from the settings.
import { useState, type FormEvent } from 'react';
import type { Backend } from '../../../../shared/task.ts';
import {
  DEFAULT_FEATURE_CONFIG,
  OUTPUT_FORMATS,
  type FeatureConfig,
  type OutputFormat,
} from '../../../../shared/somark.ts';
import { useT } from '../../i18n/index.ts';
import { invoke } from '../../lib/ipc.ts';
import { useSettings } from '../../stores/settings.ts';
import { useTasks } from '../../stores/tasks.ts';
import { sayText, toast, type ToastText } from '../../stores/ui.ts';
import { deferredExportErrorLine } from '../export/actions.ts';
import { Modal } from '../../components/Modal.tsx';
import { FeatureChecks } from '../settings/FeatureChecks.tsx';
import { FileOptionsFields } from '../../components/FileOptionsFields.tsx';
import { DEFAULT_FILE_OPTIONS, type FileOptions } from '../../../../shared/file-options.ts';
import '../settings/messages.ts';
import './messages.ts';

/** The backend to parse with, as two radios (also the compare picker's "Parse again with…"). */
export function BackendFieldset({
  name,
  value,
  onChange,
}: {
  name: string;
  value: Backend;
  onChange: (b: Backend) => void;
}) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('settings.backend.title')}</legend>
      {(['local', 'cloud'] as const).map((b) => (
        <label key={b} className="xp-check">
          <input type="radio" name={name} checked={value === b} onChange={() => onChange(b)} />
          {t(`backend.${b}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** What a re-run parses with, started from the task's own options (else the settings'): backend,
 *  recognition switches, OCR and pages (also the compare picker's "Parse again with…"). */
export function useRerunChoices(id: string) {
  const task = useTasks((s) => s.tasks[id]);
  const settings = useSettings((s) => s.settings);
  const [backend, setBackend] = useState<Backend>(task?.backend ?? settings?.backend ?? 'local');
  const [features, setFeatures] = useState<FeatureConfig>({
    ...DEFAULT_FEATURE_CONFIG,
    ...settings?.featureConfig,
    ...task?.featureConfig,
  });
  const [fileOptions, setFileOptions] = useState<FileOptions>(
    task?.fileOptions ?? settings?.fileOptions ?? DEFAULT_FILE_OPTIONS,
  );
  return { task, settings, backend, setBackend, features, setFeatures, fileOptions, setFileOptions };
}

/** The re-run's recognition switches and its OCR and page options, as two fieldsets. */
export function ChoiceFieldsets({ id, choices: c }: { id: string; choices: ReturnType<typeof useRerunChoices> }) {
  const t = useT();
  return (
    <>
      <fieldset>
        <legend>{t('features.label')}</legend>
        <FeatureChecks
          value={c.features}
          backend={c.backend}
          hints={false}
          itemClass="xp-check"
          onChange={(k, on) => c.setFeatures((cur) => ({ ...cur, [k]: on }))}
        />
      </fieldset>
      <fieldset>
        <legend>{t('fileOptions.title')}</legend>
        <FileOptionsFields
          id={id}
          value={c.fileOptions}
          backend={c.backend}
          onChange={(patch) => c.setFileOptions((cur) => ({ ...cur, ...patch }))}
        />
      </fieldset>
    </>
  );
}

export function RerunDialog({ id, fileName, onClose }: { id: string; fileName: string; onClose: () => void }) {
  const t = useT();
  const choices = useRerunChoices(id);
  const { task, settings, backend, features, fileOptions } = choices;
  const [formats, setFormats] = useState<OutputFormat[]>(task?.formats ?? settings?.formats ?? ['markdown', 'json']);
  const [busy, setBusy] = useState(false);
  // Kept as a key or a function of the translator, worded when shown: it follows a language switch.
  const [error, setError] = useState<ToastText | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (formats.length === 0) return setError({ key: 'history.needFormat' });
    setBusy(true);
    const res = await invoke('tasks:rerun', {
      id,
      options: { backend, formats, featureConfig: features, fileOptions },
    });
    setBusy(false);
    if (!res.ok) {
      const line = deferredExportErrorLine(res.error);
      setError(() => line);
      toast({ key: 'history.rerunFailed' }, 'error', line);
      return;
    }
    useTasks.getState().upsert(res.value);
    toast({ key: 'history.queued', vars: { name: res.value.fileName } }, 'success');
    onClose();
  };

  return (
    <Modal title={t('history.rerunTitle', { name: fileName })} onClose={onClose} testId="rerun-dialog">
      <form className="xp-form" onSubmit={(e) => void submit(e)}>
        <p className="muted">{t('history.rerunHint')}</p>
        <BackendFieldset name="rerun-backend" value={backend} onChange={choices.setBackend} />
        <fieldset>
          <legend>{t('settings.formats.label')}</legend>
          {OUTPUT_FORMATS.map((f) => (
            <label key={f} className="xp-check">
              <input
                type="checkbox"
                checked={formats.includes(f)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setFormats((cur) => OUTPUT_FORMATS.filter((x) => (x === f ? on : cur.includes(x))));
                }}
              />
              {t(`settings.formats.${f}`)}
            </label>
          ))}
        </fieldset>
        <ChoiceFieldsets id="rerun-options" choices={choices} />
        {error && (
          <p role="alert" className="xp-error">
            {sayText(error, t)}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('history.cancel')}
          </button>
          <button type="submit" className="btn primary" disabled={busy} data-autofocus>
            {t('history.start')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
