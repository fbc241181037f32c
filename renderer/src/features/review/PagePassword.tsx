// The password of a protected PDF, asked for over the review when this session does not know it (the app
// was restarted since the parse): it goes to main, which draws the pages with it and keeps it in memory
// until the app closes (never in a file or a log); the field is emptied as soon as it is sent.
import { useId, useState, type FormEvent } from 'react';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { useT } from '../../i18n/index.ts';

export function PagePassword({ wrong, onSubmit }: { wrong: boolean; onSubmit: (password: string) => Promise<void> }) {
  const t = useT();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (!value || busy) return;
    const password = value;
    setValue('');
    setBusy(true);
    void onSubmit(password).finally(() => setBusy(false));
  };
  return (
    <form className="rv-notice rv-password" onSubmit={submit} data-testid="page-password">
      <label className="rv-password-label" htmlFor={inputId}>
        <span className="rv-notice-text">{t('review.lockedPages')}</span>
        <PasswordInput
          id={inputId}
          value={value}
          onValue={setValue}
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? 'rv-password-wrong' : undefined}
          data-testid="page-password-input"
        />
      </label>
      <button type="submit" className="btn small primary" disabled={!value || busy}>
        {t('review.showPages')}
      </button>
      {wrong && (
        <span id="rv-password-wrong" className="rv-password-wrong" role="alert">
          {t('review.passwordWrong')}
        </span>
      )}
    </form>
  );
}
