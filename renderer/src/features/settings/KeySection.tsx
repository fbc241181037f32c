// API key: the renderer can only set or clear it and learn "set, ends with …1234". The typed key
// is cleared from the field as soon as main took it. Without a keychain, the key can be kept in
// main's memory for this session only.
import { useState } from 'react';
import type { AppError } from '../../../../shared/result.ts';
import type { KeyStatus } from '../../../../shared/task.ts';
import { useT, type TFunction } from '../../i18n/index.ts';
import { invoke } from '../../lib/ipc.ts';
import { useAppInfo } from '../../stores/app.ts';
import { toast } from '../../stores/ui.ts';
import { ErrorLine } from './ConnectionTest.tsx';
import { ErrorTrace } from '../../components/ErrorTrace.tsx';
import { keychainSentence } from '../../i18n/errors.ts';
import { Row, Section } from './Field.tsx';
import { isKeyFormat } from './validate.ts';

function statusText(status: KeyStatus | null, t: TFunction): string {
  if (!status?.set) return t('settings.key.notSet');
  const where = status.storage === 'memory' ? t('settings.key.inMemory') : t('settings.key.inKeychain');
  return `${t('settings.key.setEndsWith', { last4: status.last4 ?? '????' })} · ${where}`;
}

export function KeySection({ cloud }: { cloud: boolean }) {
  const t = useT();
  const status = useAppInfo((s) => s.keyStatus);
  const [value, setValue] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const keychain = status?.keychainAvailable ?? true;

  const save = async () => {
    const key = value.trim();
    if (!isKeyFormat(key)) {
      setError({ code: 'INVALID_KEY_FORMAT', message: '' });
      return;
    }
    setBusy(true);
    const res = await invoke('key:set', { apiKey: key, sessionOnly: keychain ? undefined : true });
    setBusy(false);
    if (!res.ok) return setError(res.error);
    setValue('');
    setError(null);
    useAppInfo.getState().setKeyStatus(res.value);
    toast({ key: 'settings.key.saved' }, 'success');
  };

  const clear = async () => {
    const res = await invoke('key:clear', undefined);
    if (!res.ok) return setError(res.error);
    useAppInfo.getState().setKeyStatus(res.value);
    toast({ key: 'settings.key.cleared' }, 'info');
  };

  // The local engine needs no key: nothing about keys or keychains (nor its platform errors) shows then.
  if (!cloud) {
    return (
      <Section id="key" title={t('settings.key.title')} description={t('settings.key.localNote')}>
        <Row label={t('settings.key.status')} labelId="key-status-label">
          <p
            className={`key-status${status?.set ? ' set' : ''}`}
            role="status"
            aria-labelledby="key-status-label"
            data-testid="key-status"
          >
            {statusText(status, t)}
          </p>
        </Row>
      </Section>
    );
  }

  return (
    <Section
      id="key"
      title={t('settings.key.title')}
      description={t(keychain ? 'settings.key.description' : 'settings.key.descriptionMemory')}
    >
      <Row label={t('settings.key.status')} labelId="key-status-label">
        <p
          className={`key-status${status?.set ? ' set' : ''}`}
          role="status"
          aria-labelledby="key-status-label"
          data-testid="key-status"
        >
          {statusText(status, t)}
        </p>
      </Row>
      {!keychain && (
        <div className="warning-box" role="note">
          <strong>{t('settings.key.noKeychainTitle')}</strong>
          <p>{t('settings.key.noKeychainText')}</p>
          {status?.keychainError && (
            <>
              <p data-testid="keychain-reason">{keychainSentence(status.keychainError, t)}</p>
              <ErrorTrace code="KEYCHAIN_UNAVAILABLE" detail={status.keychainError} />
            </>
          )}
        </div>
      )}
      <Row label={status?.set ? t('settings.key.replace') : t('settings.key.enter')} htmlFor="api-key">
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <input
            id="api-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="sk-…"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'api-key-error' : undefined}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
          />
          <button type="submit" className="btn primary" disabled={!value.trim() || busy}>
            {keychain ? t('settings.key.save') : t('settings.key.saveSession')}
          </button>
          {status?.set && (
            <button type="button" className="btn danger-ghost" onClick={() => void clear()}>
              {t('settings.key.clear')}
            </button>
          )}
        </form>
        {error && (
          <div id="api-key-error">
            <ErrorLine error={error} />
          </div>
        )}
      </Row>
    </Section>
  );
}
