// Detail of a task that is not finished successfully: where it is, how far (or why it waits to try
// again), why it failed — Retry when that may help, Remove when the file itself is the problem — and
// every fact needed to trace it (request id, service task id, backend, times).
import type { ReactNode } from 'react';
import type { Task } from '../../../../shared/task.ts';
import { useLocale, useT } from '../../i18n/index.ts';
import { describeError } from '../../i18n/errors.ts';
import { formatBytes, formatDateTime, formatElapsed } from '../../lib/format.ts';
import { useNow } from '../../lib/useNow.ts';
import { canCancel, canRetry, isActive, isFileProblem } from '../../stores/tasks.ts';
import { cancelTask, removeTasks, retryTask } from '../queue/actions.ts';
import {
  elapsedMs,
  etaLabel,
  isRetrying,
  modeLabel,
  noRemoteId,
  progressFraction,
  retryLine,
  statusLabel,
} from '../queue/status.ts';
import { ErrorTrace } from '../../components/ErrorTrace.tsx';
import { CopyId } from './CopyId.tsx';
import { Stages } from './Stages.tsx';
import { PASSWORD_CODES, PasswordPrompt } from './PasswordPrompt.tsx';
import { OtherBackend } from './OtherBackend.tsx';
import { useSettings } from '../../stores/settings.ts';
import '../settings/messages.ts'; // output names as Settings words them

/** Where an active task is: label, a bar when measurable, the ETA. */
function ProgressCard({ task, now }: { task: Task; now: number }) {
  const t = useT();
  const fraction = progressFraction(task);
  const eta = etaLabel(task, t, now);
  const label = statusLabel(task, t);
  const retry = retryLine(task, t, now);
  return (
    <div className={`progress-card${retry ? ' retrying' : ''}`} data-testid="progress-card">
      <div className="progress-card-line">
        <strong>{label}</strong>
        {eta && <span className="muted">{eta}</span>}
      </div>
      {retry && (
        <div className="retry-note" data-testid="retry-note">
          <span>{retry}</span>
          {task.retry && <ErrorTrace code={task.retry.reason.code} detail={task.retry.reason.message || null} />}
        </div>
      )}
      {task.state !== 'queued' && !retry && (
        <div
          className={`progress-track${fraction === null ? ' indeterminate' : ''}`}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
        >
          <span style={fraction === null ? undefined : { width: `${fraction * 100}%` }} />
        </div>
      )}
    </div>
  );
}

/** The attempt count, then one line per retry: "Attempt 2: connection lost", its cause behind Details. */
function Attempts({ task }: { task: Task }) {
  const t = useT();
  if (!task.retries?.length) return <>{task.attempts}</>;
  return (
    <ul className="attempt-list" data-testid="attempt-list">
      <li>{task.attempts}</li>
      {task.retries.map((r) => (
        <li key={`${r.attempt}-${r.at}`}>
          {t('queue.attemptWhy', { n: r.attempt, why: t(`queue.cause.${r.cause}`) })}
          <ErrorTrace code={r.reason.code} detail={r.reason.message || null} />
        </li>
      ))}
    </ul>
  );
}

/** One line of the task's facts: its label and value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function StatusPanel({ task }: { task: Task }) {
  const t = useT();
  const locale = useLocale();
  const now = useNow(isActive(task), isRetrying(task) ? 250 : 1000);
  const fileProblem = isFileProblem(task);
  const waitsForPassword = task.state === 'needsPassword';
  const failure = task.error && !waitsForPassword ? describeError(task.error, t) : null;
  const elapsed = elapsedMs(task, now);
  // Retry sends the file to the backend chosen now (Settings); the button says so when it differs.
  const backendNow = useSettings((s) => s.settings?.backend) ?? task.backend;
  // A protected PDF on the local engine: the password prompt retries; a plain Retry would fail the same way.
  const asksPassword =
    task.state === 'FAILED' && task.backend === 'local' && PASSWORD_CODES.includes(task.error?.code ?? '');
  // The way out under the title; a protected PDF on the cloud has its own (PasswordPrompt's note).
  const fix = PASSWORD_CODES.includes(task.error?.code ?? '') && !asksPassword ? null : (failure?.fix ?? null);

  return (
    <div className="status-panel" data-testid="status-panel">
      {isActive(task) && <ProgressCard task={task} now={now} />}
      {task.state !== 'FAILED' && task.state !== 'cancelled' && !waitsForPassword && <Stages state={task.state} />}
      {task.state === 'queued' && <p className="muted">{t('task.queuedHint')}</p>}
      {task.state === 'QUEUING' && <p className="muted">{t('task.queuingHint')}</p>}

      {failure && (
        <div className="error-box" role="alert" data-testid="task-error">
          <strong>{failure.title}</strong>
          {fix && <p data-testid="error-fix">{fix}</p>}
          {fileProblem && <p data-testid="no-retry-hint">{t(fix ? 'task.noRetryShort' : 'task.noRetryHint')}</p>}
          <ErrorTrace code={failure.code} detail={failure.detail} note={t('task.attemptsMade', { n: task.attempts })} />
        </div>
      )}
      {task.state === 'cancelled' && <p className="muted">{t('task.cancelledHint')}</p>}
      {waitsForPassword && task.error && (
        <div className="warning-box" role="status" data-testid="password-wait">
          <strong>{describeError(task.error, t).title}</strong>
          <p>{t('task.passwordWaits')}</p>
        </div>
      )}
      <PasswordPrompt task={task} />

      {/* One row of ways on: Retry / Cancel / Remove, then "Parse again on…" (its hint, if any, above). */}
      <div className="status-action-row">
        <div className="status-actions">
          {canRetry(task) && !asksPassword && (
            <button type="button" className="btn primary" onClick={() => void retryTask(task.id)}>
              {backendNow === task.backend
                ? t('common.retry')
                : t('task.retryOn', { backend: t(`backend.${backendNow}`) })}
            </button>
          )}
          {canCancel(task) && (
            <button type="button" className="btn" onClick={() => void cancelTask(task.id)}>
              {t('common.cancel')}
            </button>
          )}
          {fileProblem && (
            <button type="button" className="btn" onClick={() => void removeTasks([task.id])}>
              {t('common.remove')}
            </button>
          )}
        </div>
        <OtherBackend task={task} />
      </div>

      <dl className="facts">
        <Fact label={t('task.file')}>
          <span className="path" title={task.filePath}>
            {task.filePath}
          </span>
        </Fact>
        <Fact label={t('task.size')}>{formatBytes(task.size)}</Fact>
        <Fact label={t('task.pages')}>{task.pages ?? '–'}</Fact>
        <Fact label={t('task.backend')}>
          {[t(`backend.${task.backend}`), task.baseUrl].filter(Boolean).join(' · ')}
        </Fact>
        <Fact label={t('task.mode')}>{modeLabel(task, t)}</Fact>
        <Fact label={t('task.formats')}>{task.formats.map((f) => t(`settings.formats.${f}`)).join(', ') || '–'}</Fact>
        <Fact label={t('queue.requestId')}>
          <CopyId label={t('queue.requestId')} value={task.id} />
        </Fact>
        <Fact label={t('queue.remoteId')}>
          <CopyId label={t('queue.remoteId')} value={task.remoteTaskId} missing={noRemoteId(task, t)} />
        </Fact>
        <Fact label={t('task.created')}>{formatDateTime(task.createdAt, locale)}</Fact>
        <Fact label={t('task.started')}>{formatDateTime(task.startedAt, locale)}</Fact>
        <Fact label={t('task.finished')}>{formatDateTime(waitsForPassword ? null : task.finishedAt, locale)}</Fact>
        <Fact label={t('task.elapsed')}>{formatElapsed(elapsed, t)}</Fact>
        <Fact label={t('task.attempts')}>
          <Attempts task={task} />
        </Fact>
      </dl>
    </div>
  );
}
