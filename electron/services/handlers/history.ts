// IPC handlers for the history of finished results: list and search, delete, clear, storage usage.
// Re-running a history item is a queue channel ('tasks:rerun', handlers/tasks.ts).
import type { Handlers } from '../../../shared/ipc-contract.ts';
import { createHistoryIndex } from '../history/search-index.ts';
import type { HandlerContext } from './index.ts';

export function historyHandlers(
  ctx: HandlerContext,
): Pick<Handlers, 'history:list' | 'history:delete' | 'history:clear' | 'storage:usage'> {
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
    'history:list': async ({ query }) => index.list(query),
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
  };
}
