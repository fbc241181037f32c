// Small, locale-aware formatting helpers used across the UI.
import type { TFunction } from '../i18n/index.ts';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB"; binary multiples, one decimal below 10. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '–';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/**
 * A span of time in words of the UI language, the one format for every elapsed time, ETA and duration
 * (queue row, detail header, status panel): "0.4 s", "9.8 s", "25 s", "1 min 5 s", "2 h 3 min"
 * (zh-CN: "9.8 秒", "1 分 5 秒"). Tenths below 10 s, whole seconds below a minute; rounded down, so a
 * ticking clock never runs ahead. '–' when unknown.
 */
export function formatElapsed(ms: number | null | undefined, t: TFunction): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 10_000) return t('time.s', { s: (Math.floor(ms / 100) / 10).toFixed(1) });
  const total = Math.floor(ms / 1000);
  if (total < 60) return t('time.s', { s: total });
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return m > 0 ? t('time.hm', { h, m }) : t('time.h', { h });
  return s > 0 ? t('time.ms', { m, s }) : t('time.m', { m });
}

/** Timestamp → local date and time in the UI language. */
export function formatDateTime(ts: number | null | undefined, locale: string): string {
  if (!ts) return '–';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(ts);
  } catch {
    return new Date(ts).toISOString();
  }
}

export function formatNumber(n: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale).format(n);
  } catch {
    return String(n);
  }
}

/** File extension, lower case, with the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return name.slice(dot).toLowerCase();
}
