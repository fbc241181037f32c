// AppError {code, message} → a translated sentence for known codes, the way out of it (what to do
// next, when the sentence does not say it already), and the raw message as technical detail.
// Codes: our own (INVALID_KEY, UNREACHABLE, EMPTY, …), the service's as SERVICE_<number>, HTTP statuses as HTTP_<n>.
import type { AppError } from '../../../shared/result.ts';
import { hasMessage, translate, type TFunction } from './index.ts';

export interface ErrorText {
  /** Translated, user-facing sentence. */
  title: string;
  /** What to do about it, translated (error.<CODE>.fix); null when the title already says it. */
  fix: string | null;
  /** The raw message from main (English, technical), or null when it adds nothing. */
  detail: string | null;
  code: string;
}

/** The i18n key for a code, or null if we have no translation for it. */
export function errorKey(code: string): string | null {
  const direct = `error.${code}`;
  if (hasMessage(direct)) return direct;
  if (/^SERVICE_\d+$/.test(code)) return 'error.SERVICE_other';
  if (/^HTTP_\d+$/.test(code)) return 'error.HTTP_other';
  return null;
}

export function describeError(error: AppError, t: TFunction = (k, v) => translate(k, v)): ErrorText {
  const key = errorKey(error.code);
  const numbered = /^(?:SERVICE|HTTP)_(\d+)$/.exec(error.code);
  const title = key ? t(key, { code: numbered?.[1] ?? error.code }) : t('error.unknown', { code: error.code });
  const fixKey = `${key ?? 'error.unknown'}.fix`;
  const fix = hasMessage(fixKey) ? t(fixKey) : null;
  const detail = error.message && error.message !== title ? error.message : null;
  return { title, fix, detail, code: error.code };
}

/** One line: "Title — detail". */
export function errorLine(error: AppError, t?: TFunction): string {
  const { title, detail } = describeError(error, t);
  return detail ? `${title} — ${detail}` : title;
}

/** errorLine, put into words when shown (a toast's detail follows a language switch). */
export function deferredErrorLine(error: AppError): (t: TFunction) => string {
  return (t) => errorLine(error, t);
}
