// IPC handlers for the history of finished results: list/search, delete, storage usage, re-run.
import type { Handlers } from '../../../shared/ipc-contract.ts';
import type { ServicesContext } from '../context.ts';
import { rerunTask } from './rerun.ts';
import { createHistoryIndex } from './search-index.ts';

export type HistoryHandlers = Pick<Handlers, 'history:list' | 'history:delete' | 'history:clear' | 'storage:usage' | 'tasks:rerun'>;

export function createHistoryHandlers(ctx: ServicesContext): HistoryHandlers {
  const index = createHistoryIndex(ctx);

  /** Removes cached files and the task; returns the bytes freed. */
  async function remove(id: string): Promise<number> {
    let freed = 0;
    if (await ctx.results.has(id)) freed = await ctx.results.delete(id);
    if (ctx.tasks.get(id)) await ctx.tasks.remove(id);
    index.forget(id);
    return freed;
  }

  return {
    'history:list': (req) => index.list(req?.query),
    'history:delete': async ({ ids }) => {
      let freedBytes = 0;
      for (const id of new Set(ids)) freedBytes += await remove(id);
      return { freedBytes };
    },
    'history:clear': async () => {
      let freedBytes = 0;
      for (const id of await ctx.results.list()) freedBytes += await remove(id);
      return { freedBytes };
    },
    'storage:usage': async () => ({ ...(await index.usage()), dataDir: ctx.dataDir }),
    'tasks:rerun': ({ id, options }) => rerunTask(ctx, id, options),
  };
}
