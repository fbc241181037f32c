// IPC handlers for files the user gives: pasted bytes stored by the intake ('files:import') and the
// native dialogs, whose picks become the paths the renderer may then name (files/grants.ts).
import type { Handlers } from '../../../shared/ipc-contract.ts';
import { dataPaths } from '../data-dir.ts';
import { storeBytes } from '../files/intake.ts';
import type { HandlerContext } from './index.ts';

const granted = (p: string | null, grant: (p: string) => void): string | null => {
  if (p) grant(p);
  return p;
};

export function fileHandlers(
  ctx: HandlerContext,
): Pick<Handlers, 'files:import' | 'dialog:saveFile' | 'dialog:pickFolder' | 'dialog:openFiles'> {
  const { dialogs, grants } = ctx;
  return {
    'files:import': async ({ name, bytes }) => storeBytes(dataPaths(ctx.dataDir).uploads, name, bytes),
    'dialog:saveFile': async ({ defaultName }) =>
      granted(dialogs ? await dialogs.saveFile(defaultName) : null, (p) => grants.allowWrite(p, 'file')),
    'dialog:pickFolder': async () =>
      granted(dialogs ? await dialogs.pickFolder() : null, (p) => grants.allowWrite(p, 'folder')),
    'dialog:openFiles': async (req) => {
      const picked = dialogs ? await dialogs.openFiles(req ? req.extensions : undefined) : null;
      for (const p of picked ?? []) grants.allowRead(p);
      return picked;
    },
  };
}
