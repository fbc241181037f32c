// IPC handlers for the history of finished results: list/search, delete, storage usage, re-run.
import type { Handlers } from '../../../shared/ipc-contract.ts';
import type { SubmitOptions } from '../../../shared/task.ts';
import type { ServicesContext } from '../context.ts';
import { idList, invalid, record } from '../export/validate.ts';
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
    'history:list': async (req) => {
      const query = req === undefined || req === null ? undefined : record(req).query;
      if (query !== undefined && (typeof query !== 'string' || query.length > 500)) invalid('query must be text (at most 500 characters)');
      return index.list(query as string | undefined);
    },
    'history:delete': async (req) => {
      let freedBytes = 0;
      for (const id of new Set(idList(record(req).ids))) freedBytes += await remove(id);
      return { freedBytes };
    },
    'history:clear': async () => {
      let freedBytes = 0;
      for (const id of await ctx.results.list()) freedBytes += await remove(id);
      return { freedBytes };
    },
    'storage:usage': async () => ({ ...(await index.usage()), dataDir: ctx.dataDir }),
    'tasks:rerun': async (req) => {
      const r = record(req);
      if (typeof r.id !== 'string' || r.id === '') invalid('id must be a task id');
      const options = r.options === undefined || r.options === null ? undefined : (record(r.options) as SubmitOptions);
      return rerunTask(ctx, r.id as string, options);
    },
  };
}
