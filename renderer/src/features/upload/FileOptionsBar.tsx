// "Options for new files" under the drop zone: OCR language (or off) and a page range for the files added
// next, starting from the Settings defaults; each task keeps the options it was sent with (its row shows them).
import { FileOptionsFields, fileOptionsSummary } from '../../components/FileOptionsFields.tsx';
import { DEFAULT_FILE_OPTIONS } from '../../../../shared/file-options.ts';
import { useT } from '../../i18n/index.ts';
import { useSettings } from '../../stores/settings.ts';
import { useUpload } from './store.ts';

export function FileOptionsBar() {
  const t = useT();
  const defaults = useSettings((s) => s.settings?.fileOptions) ?? DEFAULT_FILE_OPTIONS;
  const backend = useSettings((s) => s.settings?.backend ?? 'local');
  const chosen = useUpload((s) => s.fileOptions);
  const value = chosen ?? defaults;
  return (
    <details className="file-options-bar" data-testid="file-options-bar">
      <summary>
        <span>{t('upload.optionsFor')}</span>{' '}
        <span className="muted" data-testid="file-options-summary">
          {fileOptionsSummary(value, t)}
        </span>
      </summary>
      <FileOptionsFields
        id="submit-options"
        value={value}
        backend={backend}
        onChange={(patch) => useUpload.getState().setFileOptions({ ...value, ...patch })}
      />
      {chosen && (
        <button type="button" className="link-btn" onClick={() => useUpload.getState().setFileOptions(null)}>
          {t('upload.optionsReset')}
        </button>
      )}
    </details>
  );
}
