// Export actions: one task to a file (save dialog in Electron, a download in browser mode, or a typed
// path with an overwrite question), copy Markdown, and the translated error line for our codes.
import type { AppError } from '../../../../shared/result.ts';
import type { ExportRequest } from '../../../../shared/export.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { describeError, errorLine } from '../../i18n/errors.ts';
import { hasMessage, translate, type TFunction } from '../../i18n/index.ts';
import { invoke } from '../../lib/ipc.ts';
import { toast } from '../../stores/ui.ts';
import './messages.ts';

export type ExportChoice = 'md-folder' | 'md-inline' | 'json' | 'json-service' | 'zip';

export function requestFor(id: string, choice: ExportChoice): ExportRequest {
  if (choice === 'md-folder') return { id, format: 'markdown', images: 'folder' };
  if (choice === 'md-inline') return { id, format: 'markdown', images: 'inline' };
  if (choice === 'json') return { id, format: 'json', json: 'self-contained' };
  if (choice === 'json-service') return { id, format: 'json', json: 'service' };
  return { id, format: choice };
}

/** The translated sentence (our export codes first), the raw message when it adds words, and the code. */
export function exportErrorText(
  error: AppError,
  t: TFunction = (k, v) => translate(k, v),
): { title: string; detail: string | null; code: string } {
  const key = `export.err.${error.code}`;
  if (!hasMessage(key)) return describeError(error, t);
  const title = t(key);
  return { title, detail: error.message && error.message !== title ? error.message : null, code: error.code };
}

/** "Title — detail" for an error, with our export codes translated (a toast's one line). */
function exportErrorLine(error: AppError, t: TFunction = (k, v) => translate(k, v)): string {
  const key = `export.err.${error.code}`;
  if (!hasMessage(key)) return errorLine(error, t);
  const title = t(key);
  return error.message && error.message !== title ? `${title} — ${error.message}` : title;
}

/** exportErrorLine, put into words when shown (for toasts). */
export function deferredExportErrorLine(error: AppError): (t: TFunction) => string {
  return (t) => exportErrorLine(error, t);
}

const baseName = (path: string): string => path.split(/[\\/]/).pop() ?? path;

/** Starts a browser download of a URL main registered. */
export function startDownload(url: string): string {
  const name = decodeURIComponent(url.split('/').pop() ?? 'download');
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  return name;
}

/**
 * Runs one export. With a typed `destPath` an existing file is only replaced after the user agreed.
 * Returns the written paths ([] when cancelled or failed).
 */
export async function exportTask(req: ExportRequest): Promise<string[]> {
  let res = await invoke('export:task', req);
  if (!res.ok && res.error.code === 'EXISTS' && req.destPath && !req.overwrite) {
    const ok = await confirmDialog({
      title: translate('export.overwriteTitle', { name: baseName(req.destPath) }),
      message: translate('export.overwriteMessage'),
      confirmLabel: translate('export.overwrite'),
      danger: true,
    });
    if (!ok) return [];
    res = await invoke('export:task', { ...req, overwrite: true });
  }
  if (!res.ok) {
    toast({ key: 'export.failed' }, 'error', deferredExportErrorLine(res.error));
    return [];
  }
  const { written, downloadUrl } = res.value;
  if (downloadUrl) {
    toast({ key: 'export.downloadStarted', vars: { name: startDownload(downloadUrl) } }, 'success');
  } else if (written.length > 0) {
    toast({ key: 'export.exported', vars: { name: baseName(written[0]!) } }, 'success', written[0]!);
  }
  return written;
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older or non-secure contexts: a hidden textarea and the legacy copy command.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/** Copies the task's Markdown (as the app shows it) to the clipboard. */
export async function copyMarkdown(id: string): Promise<boolean> {
  const res = await invoke('results:get', { id });
  if (!res.ok) {
    toast({ key: 'export.copyFailed' }, 'error', deferredExportErrorLine(res.error));
    return false;
  }
  const ok = await writeClipboard(res.value.markdown);
  toast({ key: ok ? 'export.copied' : 'export.copyFailed' }, ok ? 'success' : 'error');
  return ok;
}
