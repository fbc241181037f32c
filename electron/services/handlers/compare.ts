// IPC handlers of the compare screen: the other results of the same file ('results:sameFile', by the
// SHA-256 of the cached originals) and the comparison as a report ('export:compare', written where
// export:task writes).
import type { Handlers } from '../../../shared/ipc-contract.ts';
import type { SameFileResult } from '../../../shared/compare/types.ts';
import { compareReport, writeReport } from '../export/compare-report.ts';
import { createContentHashes } from '../results/content-hash.ts';
import { deliverExport } from './export.ts';
import type { HandlerContext } from './index.ts';

export function compareHandlers(ctx: HandlerContext): Pick<Handlers, 'results:sameFile' | 'export:compare'> {
  const hashes = createContentHashes(ctx.results);

  async function item(id: string): Promise<SameFileResult | null> {
    try {
      const meta = await ctx.results.readMeta(id);
      const task = ctx.tasks.get(id) ?? meta.task;
      return {
        id,
        fileName: task?.fileName ?? meta.fileName,
        finishedAt: task?.finishedAt ?? meta.savedAt,
        elapsedMs:
          task?.startedAt != null && task.finishedAt != null ? Math.max(0, task.finishedAt - task.startedAt) : null,
        pages: task?.pages ?? meta.metadata?.page_num ?? null,
        backend: task?.backend ?? 'local',
        baseUrl: task?.baseUrl ?? '',
        featureConfig: task?.featureConfig ?? {},
        ...(task?.fileOptions && { fileOptions: task.fileOptions }),
        hasJson: meta.hasJson,
      };
    } catch {
      return null;
    }
  }

  return {
    'results:sameFile': async ({ id }) => {
      const mine = await hashes.of(id);
      if (mine === null) return [];
      const ids = (await ctx.results.list()).filter((x) => x !== id);
      const same: string[] = [];
      for (const other of ids) if ((await hashes.of(other)) === mine) same.push(other);
      const items = (await Promise.all(same.map(item))).filter((x): x is SameFileResult => x !== null);
      return items.sort((x, y) => y.finishedAt - x.finishedAt || x.id.localeCompare(y.id));
    },
    'export:compare': async (req) => {
      const { name, text } = await compareReport(ctx, req.a, req.b, req.format);
      return deliverExport(ctx, req, name, (path, overwrite) => writeReport(path, text, overwrite));
    },
  };
}
