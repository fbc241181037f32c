// What each parsing backend accepts: the cloud takes PDFs, images and Office files; the local engine
// takes Office files only where LibreOffice is installed. The drop zone, the file picker and the
// failure advice all ask here (one owner of the rule), and so do the renderer's early check and main's
// intake of checked, pasted and uploaded files for the size limit.
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
  return { office, extensions: office ? SUPPORTED_EXTENSIONS : SUPPORTED_EXTENSIONS.filter((e) => !isOfficeExtension(e)) };
}

