// What each parsing backend accepts: the cloud takes PDFs, images and Office files; the local engine
// takes Office files only where LibreOffice is installed. The drop zone, the file picker and the
// failure advice all ask here (one owner of the rule), and so do the renderer's early check and main's
// intake of checked, pasted and uploaded files for the size limit. It also says which backend honours which
// local extension (password, OCR, OCR language, page range): the runner sends them only there and the
// queue row notes the ones a backend ignores.
import { isOfficeExtension, SUPPORTED_EXTENSIONS } from './file-types.ts';
import type { Backend } from './task.ts';

/** The largest file either backend takes (the service's limit, SoMark §1.13), checked before upload. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

export interface BackendCapabilities {
  /** Extensions with the dot, lower case. */
  extensions: readonly string[];
  office: boolean;
}

/** `localOffice`: the local engine found LibreOffice (AppInfo.localOffice). */
export function capabilitiesOf(backend: Backend, localOffice: boolean): BackendCapabilities {
  const office = backend === 'cloud' || localOffice;
  return {
    office,
    extensions: office ? SUPPORTED_EXTENSIONS : SUPPORTED_EXTENSIONS.filter((e) => !isOfficeExtension(e)),
  };
}

/** Request fields of our engine that other SoMark services lack (docs/protocol.md, local extensions). */
export const LOCAL_EXTENSIONS = ['password', 'ocr', 'ocrLang', 'pageRange'] as const;
export type LocalExtension = (typeof LOCAL_EXTENSIONS)[number];

/** Whether `backend` acts on the field: the local engine on every one, the cloud on none. */
export const honours = (backend: Backend, _field: LocalExtension): boolean => backend === 'local';
