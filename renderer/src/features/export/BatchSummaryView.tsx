// The end of a batch export: how many documents were written where, each one's folder, and each skipped
// document with the reason (its sentence, the way out and the code).
import type { BatchSummary } from '../../../../shared/export.ts';
import { ErrorTrace } from '../../components/ErrorTrace.tsx';
import { useT } from '../../i18n/index.ts';
import { useTasks } from '../../stores/tasks.ts';
import { exportErrorText } from './actions.ts';

/** What a batch export wrote and what it skipped, with the reason for each skip. */
export function BatchSummaryView({ summary }: { summary: BatchSummary }) {
  const t = useT();
  const tasks = useTasks((s) => s.tasks);
  const nameOf = (id: string): string => tasks[id]?.fileName ?? id;
  return (
    <div className="xp-summary" data-testid="batch-summary">
      <p role="status">
        {t('export.summaryWritten', { n: summary.written.length, dir: summary.destDir })}
        {summary.skipped.length > 0 && <> · {t('export.summarySkipped', { n: summary.skipped.length })}</>}
      </p>
      {summary.written.length > 0 && (
        <section aria-label={t('export.writtenHeading')}>
          <h3>{t('export.writtenHeading')}</h3>
          <ul className="xp-list" data-testid="batch-written">
            {summary.written.map((w) => (
              <li key={w.id}>
                <strong>{nameOf(w.id)}</strong>
                <span className="muted xp-small"> → {w.paths[0] ? folderOf(w.paths[0]) : ''}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {summary.skipped.length > 0 && (
        <section aria-label={t('export.skippedHeading')}>
          <h3>{t('export.skippedHeading')}</h3>
          <ul className="xp-list" data-testid="batch-skipped">
            {summary.skipped.map((s) => {
              const text = exportErrorText(s.reason, t);
              return (
                <li key={`${s.id}:${s.reason.code}`}>
                  <strong>{s.fileName}</strong>: <span>{text.title}</span>
                  <ErrorTrace code={text.code} detail={text.detail} />
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}

function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut > 0 ? path.slice(0, cut) : path;
}
