// The comparison of two cached results as a report: both results' JSON compared by the shared matcher
// (shared/compare/) and written as Markdown or JSON, named after the file ("<stem>-compare.md").
import { writeFileAtomic } from '../../../lib/atomic.ts';
import { compareResults } from '../../../shared/compare/summary.ts';
import { reportJson, reportMarkdown, type ReportSide } from '../../../shared/compare/report.ts';
import type { CompareReportFormat } from '../../../shared/compare/types.ts';
import type { Task } from '../../../shared/task.ts';
import type { ServicesContext } from '../context.ts';
import { fitName } from '../fs-safe/names.ts';

/** "local engine" or the cloud's address, and the feature settings and the OCR and page options
 *  (`ocr`, `ocrLang`, `pageRange`) in which it differs from `other`. */
function sideLabel(task: Task | undefined, other: Task | undefined): string {
  if (!task) return 'unknown settings';
  const where = task.backend === 'local' ? 'local engine' : `cloud ${task.baseUrl}`;
  const fc: Record<string, unknown> = { ...task.featureConfig, ...task.fileOptions };
  const ofc: Record<string, unknown> = { ...other?.featureConfig, ...other?.fileOptions };
  const diff = Object.keys({ ...fc, ...ofc })
    .filter((k) => fc[k] !== ofc[k])
    .sort()
    .map((k) => `${k}=${String(fc[k] ?? 'default')}`);
  return diff.length ? `${where}, ${diff.join(', ')}` : where;
}

/** The report's text and its default file name. */
export async function compareReport(
  ctx: Pick<ServicesContext, 'results'>,
  a: string,
  b: string,
  format: CompareReportFormat,
): Promise<{ name: string; text: string }> {
  const [ma, mb, ja, jb] = await Promise.all([
    ctx.results.readMeta(a),
    ctx.results.readMeta(b),
    ctx.results.readJson(a),
    ctx.results.readJson(b),
  ]);
  const side = (id: string, meta: typeof ma, other: typeof mb): ReportSide => {
    const t = meta.task;
    const elapsedMs = t?.startedAt != null && t.finishedAt != null ? Math.max(0, t.finishedAt - t.startedAt) : null;
    return { id, fileName: meta.fileName, label: sideLabel(t, other.task), elapsedMs };
  };
  const comparison = compareResults(ja, jb);
  const sa = side(a, ma, mb);
  const sb = side(b, mb, ma);
  const stem = ma.fileName.replace(/\.[^.]*$/, '').replace(/[\\/:*?"<>|\x00-\x1f]/g, '_') || 'result';
  const ext = format === 'markdown' ? '.md' : '.json';
  const text = format === 'markdown' ? reportMarkdown(comparison, sa, sb) : reportJson(comparison, sa, sb);
  return { name: fitName(`${stem}-compare${ext}`, 255), text };
}

export const writeReport = async (path: string, text: string, overwrite: boolean): Promise<string[]> => {
  await writeFileAtomic(path, text, { overwrite });
  return [path];
};
