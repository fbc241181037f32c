// Backend choice (local engine or SoMark cloud), the local engine's LibreOffice, the cloud base URL
// (presets or a private deployment), and "Test connection".
import { useEffect, useState } from 'react';
import type { Settings } from '../../../../shared/task.ts';
import { CLOUD_PRESETS } from '../../../../shared/somark.ts';
import { useT } from '../../i18n/index.ts';
import { useSettings } from '../../stores/settings.ts';
import { ConnectionTest } from './ConnectionTest.tsx';
import { LibreOfficeRow } from './LibreOfficeRow.tsx';
import { LongPollRow } from './LongPollRow.tsx';
import { Row, Section } from './Field.tsx';
import { normalizeBaseUrl } from '../../../../shared/base-url.ts';

const CUSTOM = 'custom';

export function BackendSection({ settings }: { settings: Settings }) {
  const t = useT();
  const update = useSettings((s) => s.update);
  const preset = CLOUD_PRESETS.find((p) => p.baseUrl === settings.cloudBaseUrl);
  const [choice, setChoice] = useState<string>(preset?.id ?? CUSTOM);
  const [custom, setCustom] = useState(preset ? '' : settings.cloudBaseUrl);
  const [urlError, setUrlError] = useState<string | null>(null);

  useEffect(() => {
    const p = CLOUD_PRESETS.find((x) => x.baseUrl === settings.cloudBaseUrl);
    if (p) setChoice(p.id);
    else {
      setChoice(CUSTOM);
      setCustom(settings.cloudBaseUrl);
    }
  }, [settings.cloudBaseUrl]);

  const applyCustom = () => {
    const result = normalizeBaseUrl(custom);
    if (!result.ok) return setUrlError(t(`settings.url.${result.reason}`));
    setUrlError(null);
    setCustom(result.url);
    if (result.url !== settings.cloudBaseUrl) void update({ cloudBaseUrl: result.url });
  };

  const onChoice = (id: string) => {
    setChoice(id);
    setUrlError(null);
    const p = CLOUD_PRESETS.find((x) => x.id === id);
    if (p) void update({ cloudBaseUrl: p.baseUrl });
  };

  return (
    <Section id="backend" title={t('settings.backend.title')} description={t('settings.backend.description')}>
      <div className="backend-cards" role="radiogroup" aria-label={t('settings.backend.title')}>
        {(['local', 'cloud'] as const).map((b) => (
          <label key={b} className={`backend-card${settings.backend === b ? ' on' : ''}`}>
            <input
              type="radio"
              name="backend"
              value={b}
              checked={settings.backend === b}
              onChange={() => void update({ backend: b })}
            />
            <span className="backend-card-title">{t(`backend.${b}`)}</span>
            <span className="backend-card-text">{t(`settings.backend.${b}Text`)}</span>
          </label>
        ))}
      </div>

      {settings.backend === 'local' && <LibreOfficeRow settings={settings} />}
      {settings.backend === 'local' && <LongPollRow settings={settings} />}

      {settings.backend === 'cloud' && (
        <Row label={t('settings.baseUrl')} htmlFor="base-url-choice" hint={t('settings.baseUrlHint')}>
          <select id="base-url-choice" value={choice} onChange={(e) => onChoice(e.currentTarget.value)}>
            {CLOUD_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {t(`settings.preset.${p.id}`)}
              </option>
            ))}
            <option value={CUSTOM}>{t('settings.customUrl')}</option>
          </select>
          {choice === CUSTOM && (
            <form
              className="inline-form"
              onSubmit={(e) => {
                e.preventDefault();
                applyCustom();
              }}
            >
              <input
                id="base-url-custom"
                type="url"
                inputMode="url"
                spellCheck={false}
                placeholder="https://parse.example.com/api/v1"
                aria-label={t('settings.customUrlLabel')}
                aria-invalid={urlError ? true : undefined}
                aria-describedby={urlError ? 'base-url-error' : undefined}
                value={custom}
                onChange={(e) => setCustom(e.currentTarget.value)}
                onBlur={() => custom.trim() && applyCustom()}
              />
              <button type="submit" className="btn">
                {t('common.apply')}
              </button>
            </form>
          )}
          {urlError && (
            <p id="base-url-error" className="field-error" role="alert">
              {urlError}
            </p>
          )}
        </Row>
      )}

      <Row label={t('settings.test.title')} hint={t('settings.test.hint')}>
        {/* Keyed by backend and address: a result never outlives the choice it was about. */}
        <ConnectionTest
          key={`${settings.backend}|${settings.cloudBaseUrl}`}
          backend={settings.backend}
          baseUrl={settings.cloudBaseUrl}
        />
      </Row>
    </Section>
  );
}
