// What each parsing backend accepts: the cloud takes PDFs, images and Office files; the local engine
// takes Office files only where LibreOffice is installed. The drop zone, the file picker and the
// failure advice all ask here (one owner of the rule).
import { IMAGE_EXTENSIONS, OFFICE_EXTENSIONS, PDF_EXTENSIONS } from './somark.ts';
import type { Backend } from './task.ts';

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
