// How documents are parsed: sync/async/auto with thresholds, output formats, feature toggles and
// how many run at once.
import { useEffect, useState } from 'react';
import type { FeatureConfig, OutputFormat } from '../../../../shared/somark.ts';
import { OUTPUT_FORMATS } from '../../../../shared/somark.ts';
import type { ParseMode, Settings } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { useSettings } from '../../stores/settings.ts';
import { FeatureChecks } from './FeatureChecks.tsx';
import { FileDefaultsRow } from './FileDefaultsRow.tsx';
import { Row, Section, Segmented } from './Field.tsx';
import { clampInt } from './validate.ts';

const MB = 1024 * 1024;
/** A number input that saves on blur/Enter, clamped to its range. */
export function NumberField({
  id,
  value,
  min,
  max,
  onCommit,
  label,
}: {
  id: string;
  value: number;
  min: number;
  max: number;
  label?: string;
  onCommit(v: number): void;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const v = clampInt(Number(text), min, max);
    setText(String(v));
    if (v !== value) onCommit(v);
  };
  return (
    <input
      id={id}
      type="number"
      min={min}
      max={max}
      value={text}
      aria-label={label}
      className="num"
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}

export function ParseSection({ settings }: { settings: Settings }) {
  const t = useT();
  const update = useSettings((s) => s.update);

  const toggleFormat = (f: OutputFormat, on: boolean) => {
    const next = OUTPUT_FORMATS.filter((x) => (x === f ? on : settings.formats.includes(x)));
    if (next.length > 0) void update({ formats: next });
  };
  const toggleFeature = (k: keyof FeatureConfig, on: boolean) =>
    void update({ featureConfig: { ...settings.featureConfig, [k]: on } });

  return (
    <Section id="parse" title={t('settings.parse.title')} description={t('settings.parse.description')}>
      <Row label={t('settings.mode.label')} labelId="mode-label" hint={t(`settings.mode.${settings.mode}Hint`)}>
        <Segmented<ParseMode>
          name="mode"
          labelledBy="mode-label"
          value={settings.mode}
          options={(['auto', 'sync', 'async'] as const).map((m) => ({ value: m, label: t(`mode.${m}`) }))}
          onChange={(mode) => void update({ mode })}
        />
      </Row>
      {settings.mode === 'auto' && (
        <Row label={t('settings.mode.thresholds')} hint={t('settings.mode.thresholdsHint')}>
          <div className="threshold-fields">
            <label htmlFor="sync-max-mb">{t('settings.mode.maxSize')}</label>
            <NumberField
              id="sync-max-mb"
              value={Math.round(settings.syncMaxBytes / MB)}
              min={1}
              max={200}
              onCommit={(v) => void update({ syncMaxBytes: v * MB })}
            />
            <span className="unit">MB</span>
            <label htmlFor="sync-max-pages">{t('settings.mode.maxPages')}</label>
            <NumberField
              id="sync-max-pages"
              value={settings.syncMaxPages}
              min={1}
              max={300}
              onCommit={(v) => void update({ syncMaxPages: v })}
            />
          </div>
        </Row>
      )}

      <Row label={t('settings.formats.label')} labelId="formats-label" hint={t('settings.formats.hint')}>
        {/* biome-ignore lint/a11y/useSemanticElements: labelled by its row's label (aria-labelledby); a <fieldset> would need a <legend> of its own */}
        <div className="check-group" role="group" aria-labelledby="formats-label">
          {OUTPUT_FORMATS.map((f) => (
            <label key={f} className="check">
              <input
                type="checkbox"
                checked={settings.formats.includes(f)}
                disabled={settings.formats.length === 1 && settings.formats.includes(f)}
                onChange={(e) => toggleFormat(f, e.currentTarget.checked)}
              />
              {t(`settings.formats.${f}`)}
            </label>
          ))}
        </div>
        {!settings.formats.includes('json') && <p className="settings-hint warn">{t('settings.formats.noJson')}</p>}
      </Row>

      <Row label={t('features.label')} labelId="features-label">
        {/* biome-ignore lint/a11y/useSemanticElements: labelled by its row's label (aria-labelledby); a <fieldset> would need a <legend> of its own */}
        <div className="check-group column" role="group" aria-labelledby="features-label">
          <FeatureChecks
            value={settings.featureConfig}
            backend={settings.backend}
            hints
            itemClass="check"
            onChange={toggleFeature}
          />
        </div>
      </Row>

      <FileDefaultsRow settings={settings} />

      <Row label={t('settings.concurrency.label')} htmlFor="concurrency" hint={t('settings.concurrency.hint')}>
        <div className="range-field">
          <input
            id="concurrency"
            type="range"
            min={1}
            max={8}
            step={1}
            value={settings.concurrency}
            onChange={(e) => void update({ concurrency: clampInt(Number(e.currentTarget.value), 1, 8) })}
          />
          <output htmlFor="concurrency">{settings.concurrency}</output>
        </div>
      </Row>
    </Section>
  );
}
