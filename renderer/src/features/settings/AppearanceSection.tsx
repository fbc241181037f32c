// Language and theme (applied live), plus where the app keeps its data and how much it uses.
import { useEffect, useState } from 'react';
import type { Settings } from '../../../../shared/task.ts';
import { useT } from '../../i18n/index.ts';
import { formatBytes } from '../../lib/format.ts';
import { invoke } from '../../lib/ipc.ts';
import { useAppInfo } from '../../stores/app.ts';
import { useSettings } from '../../stores/settings.ts';
import { Row, Section, Segmented } from './Field.tsx';

export function AppearanceSection({ settings }: { settings: Settings }) {
  const t = useT();
  const update = useSettings((s) => s.update);
  return (
    <Section id="appearance" title={t('settings.appearance.title')}>
      <Row label={t('settings.language.label')} htmlFor="language">
        <select
          id="language"
          value={settings.language}
          onChange={(e) => void update({ language: e.currentTarget.value as Settings['language'] })}
        >
          <option value="system">{t('settings.language.system')}</option>
          <option value="en">English</option>
          <option value="zh-CN">简体中文</option>
        </select>
      </Row>
      <Row label={t('settings.theme.label')} labelId="theme-label">
        <Segmented<Settings['theme']>
          name="theme"
          labelledBy="theme-label"
          value={settings.theme}
          options={(['system', 'light', 'dark'] as const).map((v) => ({ value: v, label: t(`settings.theme.${v}`) }))}
          onChange={(theme) => void update({ theme })}
        />
      </Row>
    </Section>
  );
}

export function AboutSection() {
  const t = useT();
  const info = useAppInfo((s) => s.info);
  const [usage, setUsage] = useState<{ bytes: number; items: number } | null>(null);
  useEffect(() => {
    let live = true;
    void invoke('storage:usage', undefined).then((r) => live && r.ok && setUsage(r.value));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Section id="about" title={t('settings.about.title')}>
      <Row label={t('settings.about.version')}>
        <span className="settings-value">
          {info ? `${info.version} · ${info.platform} · ${t(`settings.about.transport.${info.transport}`)}` : '–'}
        </span>
      </Row>
      <Row label={t('settings.about.dataDir')} hint={t('settings.about.dataDirHint')}>
        <code className="path-block">{info?.dataDir ?? '–'}</code>
      </Row>
      <Row label={t('settings.about.storage')}>
        <span className="settings-value" data-testid="storage-usage">
          {usage ? t('settings.about.storageValue', { size: formatBytes(usage.bytes), n: usage.items }) : '–'}
        </span>
      </Row>
    </Section>
  );
}
