// Title bar: app name, the backend indicator (and where files go: privacy made visible), and a
// warning when the cloud backend has no key.
import { useT } from '../i18n/index.ts';
import { useAppInfo } from '../stores/app.ts';
import { useSettings } from '../stores/settings.ts';
import { useUi } from '../stores/ui.ts';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function Header() {
  const t = useT();
  const settings = useSettings((s) => s.settings);
  const keySet = useAppInfo((s) => s.keyStatus?.set ?? false);
  const backend = settings?.backend ?? 'local';
  const privacy =
    backend === 'local'
      ? t('header.localPrivacy')
      : t('header.cloudPrivacy', { host: hostOf(settings?.cloudBaseUrl ?? '') });

  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          DP
        </span>
        <h1>{t('app.name')}</h1>
      </div>
      <div className="header-spacer" />
      {settings && backend === 'cloud' && !keySet && (
        <span className="chip warning" data-testid="no-key-chip">
          {t('header.noKey')}
        </span>
      )}
      {settings && (
        <button
          type="button"
          className={`backend-indicator ${backend}`}
          data-testid="backend-indicator"
          title={t('header.backendLabel', { backend: t(`backend.${backend}`) })}
          onClick={() => useUi.getState().setTab('settings')}
        >
          <span className="backend-dot" aria-hidden="true" />
          <span className="backend-name">{t(`backend.${backend}`)}</span>
          <span className="backend-privacy">{privacy}</span>
        </button>
      )}
    </header>
  );
}
