// Applies the language and theme settings to the document, live.
import { useEffect } from 'react';
import { resolveLocale, setLocale } from '../i18n/index.ts';
import { useSettings } from '../stores/settings.ts';
import { useAppInfo } from '../stores/app.ts';

const darkQuery = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

/** Sets data-theme to the resolved theme ('system' follows the OS), so one dark palette serves both. */
export function applyTheme(theme: 'system' | 'light' | 'dark'): void {
  const resolved = theme === 'system' ? (darkQuery()?.matches ? 'dark' : 'light') : theme;
  document.documentElement.dataset.theme = resolved;
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
    if (theme !== 'system') return;
    const query = darkQuery();
    const follow = (): void => applyTheme('system');
    query?.addEventListener('change', follow);
    return () => query?.removeEventListener('change', follow);
  }, [theme]);
}
