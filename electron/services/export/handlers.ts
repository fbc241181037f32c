// IPC handlers for exporting results: one task ('export:task') or many into a folder ('export:batch').
import type { Handlers } from '../../../shared/ipc-contract.ts';
import { CodedError } from '../../../shared/result.ts';
import type { ServicesContext } from '../context.ts';

export type ExportHandlers = Pick<Handlers, 'export:task' | 'export:batch'>;

export function createExportHandlers(ctx: ServicesContext): ExportHandlers {
  void ctx;
  return {
    'export:task': async () => {
      throw new CodedError('NOT_IMPLEMENTED', 'Export is not available yet');
    },
    'export:batch': async () => {
      throw new CodedError('NOT_IMPLEMENTED', 'Batch export is not available yet');
    },
  };
}
