// Applies the language and theme settings to the document, live.
import { useEffect } from 'react';
import { resolveLocale, setLocale } from '../i18n/index.ts';
import { useSettings } from '../stores/settings.ts';
import { useAppInfo } from '../stores/app.ts';

export function applyTheme(theme: 'system' | 'light' | 'dark'): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

export function useAppearance(): void {
  const language = useSettings((s) => s.settings?.language ?? 'system');
  const theme = useSettings((s) => s.settings?.theme ?? 'system');
  const osLocale = useAppInfo((s) => s.info?.locale ?? null);

  useEffect(() => {
    setLocale(resolveLocale(language, osLocale, navigator.language));
  }, [language, osLocale]);

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);
}
