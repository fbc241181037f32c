/**
 * i18n for the renderer — one simple pattern for every feature:
 *
 *   Keys are flat, dotted strings: 'queue.empty', 'settings.key.save'. Values may interpolate
 *   `{name}` placeholders: t('queue.selected', { n: 3 }). English plurals: add `<key>_one` for
 *   n === 1 (only where the language needs it; zh-CN defines just `<key>`).
 *
 *   Core keys live in ./en.ts and ./zh-CN.ts (registered below). A feature adds its own keys from
 *   its own file, once, at module load:
 *
 *     // features/review/messages.ts
 *     import { registerMessages } from '../../i18n/index.ts';
 *     registerMessages('review', { en: { title: 'Review' }, 'zh-CN': { title: '审阅' } });
 *     // → t('review.title')
 *
 *   and imports that file from its components. Both languages must define the same keys
 *   (tests/renderer/i18n.test.ts checks every registered namespace).
 *
 * Components call `const t = useT()` and re-render when the language changes. Code outside React
 * (toasts, stores) uses `translate(key, vars)` with the current language.
 */
import { create } from 'zustand';
import { en } from './en.ts';
import { zhCN } from './zh-CN.ts';

const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export type Messages = Record<string, string>;
export type Vars = Record<string, string | number>;
export type TFunction = (key: string, vars?: Vars) => string;

const dictionaries: Record<Locale, Messages> = { en: {}, 'zh-CN': {} };
/** Namespaces registered so far ('' is the core dictionary). */
const namespaces = new Set<string>();

interface LocaleState {
  locale: Locale;
  /** Bumped when messages are registered, so mounted components pick them up. */
  version: number;
}
const useLocaleStore = create<LocaleState>(() => ({ locale: 'en', version: 0 }));

/** Adds `namespace.key` entries for both languages (namespace '' adds keys as they are). */
export function registerMessages(namespace: string, messages: Record<Locale, Messages>): void {
  const prefix = namespace ? `${namespace}.` : '';
  for (const locale of LOCALES) {
    for (const [key, value] of Object.entries(messages[locale])) dictionaries[locale][prefix + key] = value;
  }
  namespaces.add(namespace);
  useLocaleStore.setState((s) => ({ version: s.version + 1 }));
}

registerMessages('', { en, 'zh-CN': zhCN });

/** All keys per language (for completeness tests and tooling). */
export function allMessages(): Readonly<Record<Locale, Readonly<Messages>>> {
  return dictionaries;
}
export function registeredNamespaces(): string[] {
  return [...namespaces];
}

/** 'system' → the OS locale (AppInfo.locale), then navigator.language; anything Chinese → zh-CN. */
export function resolveLocale(
  language: 'system' | Locale,
  osLocale?: string | null,
  navigatorLanguage?: string,
): Locale {
  if (language !== 'system') return language;
  const candidate = osLocale || navigatorLanguage || '';
  return /^zh\b/i.test(candidate) ? 'zh-CN' : 'en';
}

export function setLocale(locale: Locale): void {
  if (useLocaleStore.getState().locale !== locale) useLocaleStore.setState({ locale });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
export function getLocale(): Locale {
  return useLocaleStore.getState().locale;
}

function format(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * Looks a key up in `locale`, then English, then shows the key itself (visible, never blank).
 * Plurals: when vars.n === 1 and `<key>_one` exists, that variant is used ('1 document').
 */
export function translate(key: string, vars?: Vars, locale: Locale = getLocale()): string {
  const own = dictionaries[locale];
  // The English singular applies only where English is what is shown.
  const one =
    vars?.n === 1
      ? (own[`${key}_one`] ?? (own[key] === undefined ? dictionaries.en[`${key}_one`] : undefined))
      : undefined;
  const template = one ?? own[key] ?? dictionaries.en[key] ?? key;
  return format(template, vars);
}

export function hasMessage(key: string): boolean {
  return key in dictionaries.en;
}

/** The translation function for the current language; components re-render on a switch. */
export function useT(): TFunction {
  const locale = useLocaleStore((s) => s.locale);
  useLocaleStore((s) => s.version);
  return (key, vars) => translate(key, vars, locale);
}

export function useLocale(): Locale {
  return useLocaleStore((s) => s.locale);
}
