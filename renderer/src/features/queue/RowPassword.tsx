// A protected PDF's password typed in its queue row: the row waits as "Needs password" (not failed) and
// parses once the password is given. Keys typed here stay here (the list's own keys — Space, Delete,
// arrows — do not act on the row while the field has focus).
import type { KeyboardEvent } from 'react';
import type { Task } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { usePasswordSubmit } from '../task/PasswordPrompt.tsx';

export function RowPassword({ task }: { task: Task }) {
  const t = useT();
  const { value, setValue, busy, submit } = usePasswordSubmit(task);
  const wrong = task.error?.code === 'PASSWORD_WRONG';
  const hintId = `row-pw-hint-${task.id}`;
  const stop = (e: KeyboardEvent) => e.stopPropagation();
  return (
    <form
      className="row-password"
      onSubmit={submit}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={stop}
      data-testid="row-password"
    >
      <span id={hintId} className={wrong ? 'row-password-wrong' : 'row-password-hint'}>
        {t(wrong ? 'queue.passwordWrong' : 'queue.passwordAsk')}
      </span>
      <input
        type="password"
        className="row-password-input"
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-label={t('queue.passwordFor', { name: task.fileName })}
        aria-describedby={hintId}
        onChange={(e) => setValue(e.target.value)}
        data-testid="row-password-input"
      />
      <button type="submit" className="btn small primary" disabled={!value || busy}>
        {t('queue.passwordOpen')}
      </button>
    </form>
  );
}
