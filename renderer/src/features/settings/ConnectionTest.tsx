// "Test connection": asks main to call /usage (cloud) or the engine, and shows the remaining
// pages and the latency, or the translated error (ErrorLine, also the API key field's).
import { useState } from 'react';
import type { ConnectionReport, Settings } from '../../../../shared/task.ts';
import type { AppError } from '../../../../shared/result.ts';
import { useLocale, useT } from '../../i18n/index.ts';
import { describeError } from '../../i18n/errors.ts';
import { formatNumber } from '../../lib/format.ts';
import { invoke } from '../../lib/ipc.ts';
import { ErrorTrace } from '../../components/ErrorTrace.tsx';

type State =
  | { kind: 'idle' }
  | { kind: 'testing' }
  | { kind: 'ok'; report: ConnectionReport }
  | { kind: 'error'; error: AppError };

export function ConnectionTest({ backend, baseUrl }: { backend: Settings['backend']; baseUrl: string }) {
  const t = useT();
  const locale = useLocale();
  const [state, setState] = useState<State>({ kind: 'idle' });

  const run = async () => {
    setState({ kind: 'testing' });
    const res = await invoke('connection:test', { backend, baseUrl: backend === 'cloud' ? baseUrl : undefined });
    setState(res.ok ? { kind: 'ok', report: res.value } : { kind: 'error', error: res.error });
  };

  return (
    <div className="connection-test">
      <button type="button" className="btn" onClick={() => void run()} disabled={state.kind === 'testing'}>
        {state.kind === 'testing' ? t('settings.test.testing') : t('settings.test.button')}
      </button>
      <div className="connection-result" role="status" aria-live="polite" data-testid="connection-result">
        {state.kind === 'ok' && (
          <p className="ok-text">
            <span aria-hidden="true">✓ </span>
            {t('settings.test.ok', {
              backend: t(`backend.${state.report.backend}`),
              ms: Math.round(state.report.latencyMs),
            })}
            {state.report.usage && (
              <span className="usage">
                {t('settings.test.usage', {
                  paid: formatNumber(state.report.usage.paid, locale),
                  today: formatNumber(state.report.usage.freeToday, locale),
                  month: formatNumber(state.report.usage.freeMonth, locale),
                })}
              </span>
            )}
          </p>
        )}
        {state.kind === 'error' && <ErrorLine error={state.error} />}
      </div>
    </div>
  );
}

/** The translated sentence and what to do about it; the service's own message (technical, often the same in
 * other words) folds under its code, as in the failed task's box. */
export function ErrorLine({ error }: { error: AppError }) {
  const t = useT();
  const text = describeError(error, t);
  return (
    <div className="field-error" data-error-code={text.code}>
      <p>
        <span aria-hidden="true">✕ </span>
        {text.title}
      </p>
      {text.fix && (
        <p className="field-error-fix" data-testid="error-fix">
          {text.fix}
        </p>
      )}
      {text.detail && <ErrorTrace code={text.code} detail={text.detail} />}
    </div>
  );
}
