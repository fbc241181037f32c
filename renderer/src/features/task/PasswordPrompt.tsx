// The password of a protected PDF, asked for where the task waits (needsPassword): in its queue row
// (queue/RowPassword.tsx) and in its detail panel. Sent with one retry to the local engine and dropped at
// once (never kept in a store, a setting or the task). The cloud does not take protected files, so there
// the panel says how to get past it instead.
import { useId, useState, type FormEvent } from 'react';
import type { Task } from '../../../../shared/task.ts';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { useT } from '../../i18n/index.ts';
import { retryTask } from '../queue/actions.ts';

export const PASSWORD_CODES: readonly string[] = ['PASSWORD_REQUIRED', 'PASSWORD_WRONG'];

/** The field's value and the submit that sends it once (the value leaves React state before the request). */
export function usePasswordSubmit(task: Task) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    e.stopPropagation();
    if (!value || busy) return;
    const password = value;
    setValue('');
    setBusy(true);
    void retryTask(task.id, password).finally(() => setBusy(false));
  };
  return { value, setValue, busy, submit };
}

export function PasswordPrompt({ task }: { task: Task }) {
  const t = useT();
  const inputId = useId();
  const { value, setValue, busy, submit } = usePasswordSubmit(task);
  const waits =
    task.state === 'needsPassword' || (task.state === 'FAILED' && PASSWORD_CODES.includes(task.error?.code ?? ''));
  if (!waits) return null;
  if (task.backend !== 'local')
    return (
      <p className="muted" data-testid="password-cloud">
        {t('task.passwordCloud')}
      </p>
    );

  return (
    <form className="password-prompt" onSubmit={submit} data-testid="password-prompt">
      <label htmlFor={inputId}>
        <span>{t('task.passwordLabel')}</span>
        <PasswordInput id={inputId} value={value} onValue={setValue} data-testid="password-input" />
      </label>
      <button type="submit" className="btn primary" disabled={!value || busy}>
        {t('task.passwordSubmit')}
      </button>
      <p className="muted small">{t('task.passwordHint')}</p>
    </form>
  );
}
