// The password of a protected PDF, asked for in the failed task's panel: sent with one retry to the
// local engine and dropped at once (never kept in a store, a setting or the task). The cloud does not
// take protected files, so there the panel says how to get past it instead.
import { useState, type FormEvent } from 'react';
import type { Task } from '../../../../shared/task.ts';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { useT } from '../../i18n/index.ts';
import { retryTask } from '../queue/actions.ts';

export const PASSWORD_CODES: readonly string[] = ['PASSWORD_REQUIRED', 'PASSWORD_WRONG'];

export function PasswordPrompt({ task }: { task: Task }) {
  const t = useT();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  if (task.state !== 'FAILED' || !PASSWORD_CODES.includes(task.error?.code ?? '')) return null;
  if (task.backend !== 'local') return <p className="muted" data-testid="password-cloud">{t('task.passwordCloud')}</p>;

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (!value || busy) return;
    const password = value;
    setValue(''); // out of React state before the request leaves
    setBusy(true);
    void retryTask(task.id, password).finally(() => setBusy(false));
  };

  return (
    <form className="password-prompt" onSubmit={submit} data-testid="password-prompt">
      <label>
        <span>{t('task.passwordLabel')}</span>
        <PasswordInput
          value={value}
          onValue={setValue}
          data-testid="password-input"
          autoFocus
        />
      </label>
      <button type="submit" className="btn primary" disabled={!value || busy}>{t('task.passwordSubmit')}</button>
      <p className="muted small">{t('task.passwordHint')}</p>
    </form>
  );
}
