// What each parsing backend accepts: the cloud takes PDFs, images and Office files; the local engine
// takes Office files only where LibreOffice is installed. The drop zone, the file picker and the
// failure advice all ask here (one owner of the rule), and so do the renderer's early check and main's
// intake of checked, pasted and uploaded files for the size limit.
import { IMAGE_EXTENSIONS, OFFICE_EXTENSIONS, PDF_EXTENSIONS } from './somark.ts';
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
  return { office, extensions: [...PDF_EXTENSIONS, ...IMAGE_EXTENSIONS, ...(office ? OFFICE_EXTENSIONS : [])] };
}

export const isOfficeExtension = (ext: string): boolean => (OFFICE_EXTENSIONS as readonly string[]).includes(ext.toLowerCase());
