// Settings row for the per-file options' defaults (OCR language or off, page range): what the
// submit bar starts from for new files.
import type { Settings } from '../../../../shared/task.ts';
import { FileOptionsFields } from '../../components/FileOptionsFields.tsx';
import { registerMessages, useT } from '../../i18n/index.ts';
import { useSettings } from '../../stores/settings.ts';
import { Row } from './Field.tsx';

registerMessages('fileDefaults', {
  en: { hint: 'Defaults for new files; change them per batch above the queue.' },
  'zh-CN': { hint: '新文件的默认值；可在队列上方按批次修改。' },
});

export function FileDefaultsRow({ settings }: { settings: Settings }) {
  const t = useT();
  const update = useSettings((s) => s.update);
  return (
    <Row label={t('fileOptions.title')} labelId="file-defaults-label" hint={t('fileDefaults.hint')}>
      {/* biome-ignore lint/a11y/useSemanticElements: labelled by its row's label (aria-labelledby); a <fieldset> would need a <legend> of its own */}
      <div role="group" aria-labelledby="file-defaults-label">
        <FileOptionsFields
          id="settings-file-options"
          value={settings.fileOptions}
          backend={settings.backend}
          onChange={(patch) => void update({ fileOptions: { ...settings.fileOptions, ...patch } })}
        />
      </div>
    </Row>
  );
}
