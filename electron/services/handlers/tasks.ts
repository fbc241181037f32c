// IPC handlers of the queue ('tasks:*') and of one task's result ('results:get'). Files enter only
// through 'tasks:submit' (files/intake.ts checks them once); re-runs start from history/rerun.ts.
import type { Handlers } from '../../../shared/ipc-contract.ts';
import { CodedError } from '../../../shared/result.ts';
import type { ResultView, Task } from '../../../shared/task.ts';
import { submitPaths } from '../files/intake.ts';
import { rerunTask } from '../history/rerun.ts';
import { assertTaskId } from '../results/store.ts';
import type { HandlerContext } from './index.ts';

type TaskHandlers = Pick<Handlers,
  'tasks:submit' | 'tasks:list' | 'tasks:cancel' | 'tasks:retry' | 'tasks:remove' | 'tasks:rerun' | 'results:get'>;

async function resultView(ctx: HandlerContext, id: string): Promise<ResultView> {
  assertTaskId(id);
  const { results } = ctx;
  if (!(await results.has(id))) throw new CodedError('NOT_FOUND', `No cached result for task ${id}`);
  const meta = await results.readMeta(id);
  const task: Task | undefined = ctx.tasks.get(id) ?? meta.task;
  if (!task) throw new CodedError('NOT_FOUND', `Task ${id} is unknown`);
  const base = ctx.app.assetUrlBase;
  return {
    task,
    markdown: await results.readMarkdown(id),
    json: await results.readJson(id),
    catalog: meta.catalog,
    // An Office original is shown through the PDF it was parsed from.
    originalUrl: meta.preview ? `${base}results/${id}/${meta.preview}` : meta.original ? `${base}results/${id}/original` : null,
    ...(meta.preview ? { previewType: '.pdf' } : {}),
    assetBase: `${base}results/${id}/`,
    images: meta.images,
    warnings: meta.warnings ?? [],
  };
}

export function taskHandlers(ctx: HandlerContext): TaskHandlers {
  const queue = ctx.tasks;
  return {
    'tasks:submit': async ({ paths, options, duplicates }) => {
      ctx.grants.checkRead(paths);
      return submitPaths(queue, paths, options, { duplicates });
    },
    'tasks:list': async () => queue.list(),
    'tasks:cancel': async ({ id }) => queue.cancel(id),
    'tasks:retry': async ({ id, password }) => queue.retry(id, password),
    'tasks:remove': async ({ id }) => {
      if (!queue.get(id)) throw new CodedError('NOT_FOUND', `No task ${JSON.stringify(id)}`);
      await queue.remove(id);
      return { id };
    },
    'tasks:rerun': async ({ id, options }) => rerunTask(ctx, id, options),
    'results:get': async ({ id }) => resultView(ctx, id),
  };
}
