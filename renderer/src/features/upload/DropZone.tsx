// The queue pane is one big drop target (files and folders; react-dropzone recurses into dropped
// folders). Inside it, the visible drop zone is a real button: click/Enter/Space chooses files
// (native dialog in Electron, the file input in browser mode). "Choose folder…" sits beside it.
import { useCallback, useRef, type ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import { useT } from '../../i18n/index.ts';
import { invoke } from '../../lib/ipc.ts';
import { useAppInfo } from '../../stores/app.ts';
import { Icon } from '../../components/Icon.tsx';
import { useUpload } from './store.ts';
import { submitFiles, submitPaths } from './submit.ts';
import { capabilitiesOf } from '../../../../shared/capabilities.ts';
import { useSettings } from '../../stores/settings.ts';
import { usePasteFiles } from './usePasteFiles.ts';
import { FileOptionsBar } from './FileOptionsBar.tsx';
import './messages.ts';
import './upload.css';

export function DropZone({ large, children }: { large: boolean; children?: ReactNode }) {
  const t = useT();
  const busy = useUpload((s) => s.busy);
  const transport = useAppInfo((s) => s.info?.transport ?? 'web');
  const mac = useAppInfo((s) => s.info?.platform === 'darwin');
  // What the chosen backend accepts: the hint, the picker and the file input follow it.
  const backend = useSettings((s) => s.settings?.backend ?? 'local');
  const localOffice = useAppInfo((s) => s.info?.localOffice ?? false);
  const caps = capabilitiesOf(backend, localOffice);
  const folderInput = useRef<HTMLInputElement | null>(null);

  const onDrop = useCallback((files: File[]) => void submitFiles(files), []);
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    noClick: true,
    noKeyboard: true,
    noPaste: true,
    multiple: true,
  });
  usePasteFiles(submitFiles);

  // Browser mode has no native dialogs ('dialog:*' answer null): open the inputs right away, inside
  // the user's gesture. In Electron, null means the user cancelled the native dialog; only a failed
  // call falls back to the inputs.
  const chooseFiles = async () => {
    if (transport === 'web') return open();
    const res = await invoke('dialog:openFiles', { extensions: [...caps.extensions] });
    if (!res.ok) return open();
    if (res.value) void submitPaths(res.value);
  };
  const chooseFolder = async () => {
    if (transport === 'web') return folderInput.current?.click();
    const res = await invoke('dialog:pickFolder', undefined);
    if (!res.ok) return folderInput.current?.click();
    if (res.value) void submitPaths([res.value]);
  };

  const folderRef = (el: HTMLInputElement | null) => {
    folderInput.current = el;
    el?.setAttribute('webkitdirectory', '');
  };

  return (
    <div {...getRootProps({ className: `drop-target${isDragActive ? ' drag-active' : ''}` })}>
      <input {...getInputProps({ accept: caps.extensions.join(',') })} data-testid="dropzone-input" />
      <input
        ref={folderRef}
        type="file"
        multiple
        hidden
        data-testid="dropzone-folder-input"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          void submitFiles(files);
        }}
      />
      <div className={`dropzone-bar${large ? ' large' : ''}`}>
        <button
          type="button"
          className="dropzone"
          data-testid="dropzone"
          aria-describedby="dropzone-hint"
          onClick={() => void chooseFiles()}
        >
          <span className="dropzone-icon">
            <Icon name="upload" size={large ? 24 : 16} />
          </span>
          <span className="dropzone-text">
            <strong>
              {isDragActive ? t('upload.releaseToAdd') : t(large ? 'upload.dropHere' : 'upload.dropHereShort')}
            </strong>
            <span id="dropzone-hint" className="dropzone-hint">
              {t(caps.office ? 'upload.hint' : 'upload.hintNoOffice')}
            </span>
          </span>
          <span className="dropzone-choose">{t('upload.chooseFiles')}</span>
        </button>
        <div className="dropzone-more">
          <button type="button" className="link-btn" onClick={() => void chooseFolder()}>
            <Icon name="folder" size={13} /> {t('upload.chooseFolder')}
          </button>
          <span className="muted">· {t('upload.more', { paste: mac ? '⌘V' : 'Ctrl+V' })}</span>
        </div>
        <FileOptionsBar />
      </div>
      {busy > 0 && (
        <div className="upload-busy" role="status">
          <span className="spinner" aria-hidden="true" /> {t('upload.preparing', { n: busy })}
        </div>
      )}
      {children}
      {isDragActive && (
        <div className="drop-overlay" aria-hidden="true">
          <span>{t('upload.releaseToAdd')}</span>
        </div>
      )}
    </div>
  );
}
