// IPC handlers of the queue ('tasks:*') and of one task's result ('results:get', from the results cache;
// 'results:pages', its original drawn by main: results/page-images.ts; 'results:saveVersion', an edited
// version beside it: results/versions.ts).
// Files enter only through 'tasks:submit' (files/intake.ts checks them once); re-runs: history/rerun.ts.
import type { Handlers } from '../../../shared/ipc-contract.ts';
import { CodedError } from '../../../shared/result.ts';
import { submitPaths } from '../files/intake.ts';
import { rerunTask } from '../history/rerun.ts';
import { saveVersion } from '../results/versions.ts';
import type { HandlerContext } from './index.ts';

type TaskHandlers = Pick<
  Handlers,
  | 'tasks:submit'
  | 'tasks:list'
  | 'tasks:cancel'
  | 'tasks:retry'
  | 'tasks:remove'
  | 'tasks:rerun'
  | 'results:get'
  | 'results:pages'
  | 'results:saveVersion'
>;

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
    'results:get': async ({ id }) => ctx.results.view(id),
    'results:pages': async ({ id, password }) => ctx.pages.open(id, password),
    'results:saveVersion': async (req) => saveVersion(ctx.results, req),
  };
}
