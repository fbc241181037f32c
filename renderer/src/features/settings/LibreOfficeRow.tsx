// The local engine's LibreOffice: where its soffice program is (empty: found automatically), typed or
// picked with "Browse…", and whether the engine can read Office files with it. A path main refuses stays
// in the field, marked invalid, with the reason beside it.
import { useRef, useState } from 'react';
import type { Settings } from '../../../../shared/task.ts';
import { registerMessages, useT } from '../../i18n/index.ts';
import { invoke } from '../../lib/ipc.ts';
import { useAppInfo } from '../../stores/app.ts';
import { useSettings } from '../../stores/settings.ts';
import { Row } from './Field.tsx';

registerMessages('settings', {
  en: {
    'soffice.label': 'LibreOffice',
    'soffice.hint':
      'Reads Word, PowerPoint and Excel files on this computer. Leave empty to find it automatically, or give the path of its soffice program (or of its install folder).',
    'soffice.inputLabel': 'Path of LibreOffice’s soffice program',
    'soffice.placeholder': 'Not set: searched for automatically',
    'soffice.browse': 'Browse…',
    'soffice.clear': 'Find automatically',
    'soffice.found': 'Office files: using {path}',
    'soffice.missing':
      'LibreOffice not found: Office files need it on the local engine. Install it, or enter where it is.',
    'soffice.invalid':
      'No LibreOffice soffice program at this path. Correct it, or clear the field to find LibreOffice automatically.',
  },
  'zh-CN': {
    'soffice.label': 'LibreOffice',
    'soffice.hint':
      '用于在本机读取 Word、PowerPoint 和 Excel 文件。留空则自动查找，或填写其 soffice 程序（或安装文件夹）的路径。',
    'soffice.inputLabel': 'LibreOffice 的 soffice 程序路径',
    'soffice.placeholder': '未设置：自动查找',
    'soffice.browse': '浏览…',
    'soffice.clear': '自动查找',
    'soffice.found': 'Office 文件：使用 {path}',
    'soffice.missing': '未找到 LibreOffice：本地引擎处理 Office 文件需要它。请安装，或填写它所在的位置。',
    'soffice.invalid': '此路径下没有 LibreOffice 的 soffice 程序。请更正，或清空此项以自动查找 LibreOffice。',
  },
});

/** After the setting changed, the app's capabilities (can the local engine read Office files?) are read again. */
async function refreshInfo(): Promise<void> {
  const r = await invoke('app:ready', undefined);
  if (r.ok) useAppInfo.getState().setInfo(r.value);
}

export function LibreOfficeRow({ settings }: { settings: Settings }) {
  const t = useT();
  const update = useSettings((s) => s.update);
  const info = useAppInfo((s) => s.info);
  // What the user typed and has not saved yet (null: the field shows the setting). A path main refuses
  // stays here, to be corrected, and is not sent again as it is.
  const [draft, setDraft] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const value = draft ?? settings.sofficePath;

  const saving = useRef<string | null>(null); // blur then submit must not save (or complain) twice
  const save = async (path: string) => {
    const next = path.trim();
    if (next === settings.sofficePath) {
      setRefused(null);
      return setDraft(null);
    }
    if (saving.current === next || next === refused) return;
    saving.current = next;
    const error = await update({ sofficePath: next }, { quiet: true });
    saving.current = null;
    setRefused(error ? next : null);
    if (!error) setDraft(null);
    await refreshInfo();
  };

  const browse = async () => {
    // Windows: programs are .exe files; elsewhere no extension ([] asks the dialog for all files).
    const r = await invoke('dialog:openFiles', { extensions: info?.platform === 'win32' ? ['.exe'] : [] });
    const picked = r.ok ? r.value?.[0] : undefined;
    if (picked) {
      setDraft(picked);
      await save(picked);
    }
  };

  return (
    <Row label={t('settings.soffice.label')} htmlFor="soffice-path" hint={t('settings.soffice.hint')}>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save(value);
        }}
      >
        <input
          id="soffice-path"
          type="text"
          spellCheck={false}
          placeholder={t('settings.soffice.placeholder')}
          aria-label={t('settings.soffice.inputLabel')}
          aria-describedby={refused !== null ? 'soffice-error soffice-status' : 'soffice-status'}
          aria-invalid={refused !== null ? true : undefined}
          value={value}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            setRefused(null);
          }}
          onBlur={() => void save(value)}
        />
        <button type="submit" className="btn">
          {t('common.apply')}
        </button>
        {info?.transport === 'electron' && (
          <button type="button" className="btn" onClick={() => void browse()}>
            {t('settings.soffice.browse')}
          </button>
        )}
        {settings.sofficePath && (
          <button
            type="button"
            className="btn"
            onClick={() => {
              setDraft('');
              void save('');
            }}
          >
            {t('settings.soffice.clear')}
          </button>
        )}
      </form>
      {refused !== null && (
        <p id="soffice-error" className="field-error" role="alert">
          {t('settings.soffice.invalid')}
        </p>
      )}
      <p id="soffice-status" className={info?.localOffice ? 'muted' : 'field-error'} role="status">
        {info?.localOffice
          ? t('settings.soffice.found', { path: info.soffice ?? 'soffice' })
          : t('settings.soffice.missing')}
      </p>
    </Row>
  );
}
