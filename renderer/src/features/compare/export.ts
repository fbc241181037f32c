// Exports the open comparison as a report through main's export path ('export:compare'): Electron asks
// where to save, browser mode downloads; the toasts are export's own.
import type { CompareReportFormat } from '../../../../shared/compare/types.ts';
import { invoke } from '../../lib/ipc.ts';
import { toast } from '../../stores/ui.ts';
import { deferredExportErrorLine, startDownload } from '../export/actions.ts';
import '../export/messages.ts';

export async function exportComparison(a: string, b: string, format: CompareReportFormat): Promise<string[]> {
  const res = await invoke('export:compare', { a, b, format });
  if (!res.ok) {
    toast({ key: 'export.failed' }, 'error', deferredExportErrorLine(res.error));
    return [];
  }
  const { written, downloadUrl } = res.value;
  if (downloadUrl) toast({ key: 'export.downloadStarted', vars: { name: startDownload(downloadUrl) } }, 'success');
  else if (written.length > 0)
    toast({ key: 'export.exported', vars: { name: written[0]!.split(/[\\/]/).pop()! } }, 'success', written[0]!);
  return written;
}
