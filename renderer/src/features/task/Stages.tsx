// The task's path through the pipeline as steps: queued → upload → service queue → processing → done.
import type { TaskState } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';

const STEPS = ['queued', 'uploading', 'QUEUING', 'PROCESSING', 'SUCCESS'] as const;

function stepIndex(state: TaskState): number {
  const i = (STEPS as readonly string[]).indexOf(state);
  return i === -1 ? -1 : i;
}

export function Stages({ state }: { state: TaskState }) {
  const t = useT();
  const current = stepIndex(state);
  return (
    <ol className="stages" aria-label={t('task.stagesLabel')}>
      {STEPS.map((step, i) => {
        const status = current === -1 ? 'idle' : i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li key={step} className={`stage ${status}`} aria-current={status === 'current' ? 'step' : undefined}>
            <span className="stage-dot" aria-hidden="true">
              {status === 'done' ? '✓' : i + 1}
            </span>
            <span className="stage-label">{t(`task.stage.${step}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}
