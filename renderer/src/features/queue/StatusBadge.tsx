// Status pill with a thin progress bar underneath while uploading or processing, and an ETA.
import type { Task } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { etaLabel, progressFraction, statusLabel, toneOf } from './status.ts';

export function StatusBadge({ task, now }: { task: Task; now?: number }) {
  const t = useT();
  const fraction = progressFraction(task);
  const eta = etaLabel(task, t, now);
  const label = statusLabel(task, t);
  return (
    <span className={`status tone-${toneOf(task)}`} data-testid="status-badge">
      <span className="status-pill">
        {(task.state === 'uploading' || task.state === 'PROCESSING' || task.state === 'QUEUING') && (
          <span className="status-dot pulse" aria-hidden="true" />
        )}
        {label}
      </span>
      {eta && <span className="status-eta">{eta}</span>}
      {fraction !== null && (
        <span
          className="status-bar"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(fraction * 100)}
        >
          <span style={{ width: `${fraction * 100}%` }} />
        </span>
      )}
    </span>
  );
}
