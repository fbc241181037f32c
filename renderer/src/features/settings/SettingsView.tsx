// The Settings tab. Every change saves at once through 'settings:set'.
import { useT } from '../../i18n/index.ts';
import { useSettings } from '../../stores/settings.ts';
import { AboutSection, AppearanceSection } from './AppearanceSection.tsx';
import { BackendSection } from './BackendSection.tsx';
import { KeySection } from './KeySection.tsx';
import { ParseSection } from './ParseSection.tsx';
import './messages.ts';
import './settings.css';

export function SettingsView() {
  const t = useT();
  const settings = useSettings((s) => s.settings);
  const saving = useSettings((s) => s.saving);
  if (!settings)
    return (
      <div className="settings-view">
        <p className="muted">{t('app.loading')}</p>
      </div>
    );
  return (
    <div className="settings-view" data-testid="settings-view">
      <div className="settings-inner">
        <header className="settings-head">
          <h1>{t('nav.settings')}</h1>
          <span className="muted small" role="status" aria-live="polite">
            {saving ? t('settings.saving') : t('settings.autoSaved')}
          </span>
        </header>
        <BackendSection settings={settings} />
        <KeySection cloud={settings.backend === 'cloud'} />
        <ParseSection settings={settings} />
        <AppearanceSection settings={settings} />
        <AboutSection />
      </div>
    </div>
  );
}
