// The way out of a failure that lies with the backend, not the file: a missing LibreOffice names the fix
// with a one-click re-run on SoMark cloud, a protected PDF refused by the cloud gets a re-run on the local
// engine (which asks for the password), and any failed or cancelled task can open the history's re-run
// dialog to pick another backend (one re-run mechanism: tasks:rerun, the new task linked to this one).
import { useState } from 'react';
import type { Backend, Task } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { deferredErrorLine } from '../../i18n/errors.ts';
import { invoke } from '../../lib/ipc.ts';
import { useTasks } from '../../stores/tasks.ts';
import { toast } from '../../stores/ui.ts';
import { RerunDialog } from '../history/RerunDialog.tsx';
import { PASSWORD_CODES } from './PasswordPrompt.tsx';

/** The backend that can take this failed task, with the hint saying why (null: the panel says it already). */
function otherBackendFix(task: Task): { backend: Backend; hint: string | null } | null {
  const code = task.error?.code ?? '';
  if (code === 'NEEDS_LIBREOFFICE' && task.backend === 'local')
    return { backend: 'cloud', hint: 'task.needsLibreOfficeHint' };
  if (PASSWORD_CODES.includes(code) && task.backend === 'cloud') return { backend: 'local', hint: null };
  return null;
}

async function rerunOn(id: string, backend: Backend): Promise<void> {
  const res = await invoke('tasks:rerun', { id, options: { backend } });
  if (!res.ok) return void toast(deferredErrorLine(res.error), 'error');
  useTasks.getState().upsert(res.value);
}

export function OtherBackend({ task }: { task: Task }) {
  const t = useT();
  const [dialog, setDialog] = useState(false);
  if (task.state !== 'FAILED' && task.state !== 'cancelled') return null;
  const fix = otherBackendFix(task);
  return (
    <div className="other-backend" data-testid="other-backend">
      {fix?.hint && <p data-testid="backend-fix-hint">{t(fix.hint)}</p>}
      <div className="status-actions">
        {fix && (
          <button
            type="button"
            className="btn primary"
            data-testid="rerun-other-backend"
            onClick={() => void rerunOn(task.id, fix.backend)}
          >
            {t('task.parseWith', { backend: t(`backend.${fix.backend}`) })}
          </button>
        )}
        <button type="button" className="btn" onClick={() => setDialog(true)}>
          {t('task.parseElsewhere')}
        </button>
      </div>
      {dialog && <RerunDialog id={task.id} fileName={task.fileName} onClose={() => setDialog(false)} />}
    </div>
  );
}
