// IPC handlers for the history of finished results: list/search, delete, storage usage, re-run.
import type { Handlers } from '../../../shared/ipc-contract.ts';
import type { ServicesContext } from '../context.ts';

export type HistoryHandlers = Pick<Handlers, 'history:list' | 'history:delete' | 'history:clear' | 'storage:usage' | 'tasks:rerun'>;

export function createHistoryHandlers(ctx: ServicesContext): HistoryHandlers {
  return {
    'history:list': async () => [],
    'history:delete': async ({ ids }) => {
      let freedBytes = 0;
      for (const id of ids) {
        freedBytes += await ctx.results.delete(id);
        await ctx.tasks.remove(id);
      }
      return { freedBytes };
    },
    'history:clear': async () => {
      let freedBytes = 0;
      for (const id of await ctx.results.list()) {
        freedBytes += await ctx.results.delete(id);
        await ctx.tasks.remove(id);
      }
      return { freedBytes };
    },
    'storage:usage': async () => {
      const ids = await ctx.results.list();
      let bytes = 0;
      for (const id of ids) bytes += await ctx.results.bytes(id);
      return { bytes, items: ids.length, dataDir: ctx.dataDir };
    },
    'tasks:rerun': async ({ id, options }) => {
      const [task] = await ctx.tasks.submit([ctx.tasks.get(id)?.filePath ?? ''], options, { parentId: id });
      return task!;
    },
  };
}
