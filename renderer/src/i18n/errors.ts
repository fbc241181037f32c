// AppError {code, message} → a translated sentence for known codes, the way out of it (what to do
// next, when the sentence does not say it already), and the raw message as technical detail.
// Codes: our own (INVALID_KEY, UNREACHABLE, EMPTY, …), the service's as SERVICE_<number>, HTTP statuses as HTTP_<n>.
import { unreachableFacts, type AppError } from '../../../shared/result.ts';
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
function errorKey(code: string): string | null {
  const direct = `error.${code}`;
  if (hasMessage(direct)) return direct;
  if (/^SERVICE_\d+$/.test(code)) return 'error.SERVICE_other';
  if (/^HTTP_\d+$/.test(code)) return 'error.HTTP_other';
  return null;
}

export function describeError(error: AppError, t: TFunction = (k, v) => translate(k, v)): ErrorText {
  const key = errorKey(error.code);
  const numbered = /^(?:SERVICE|HTTP)_(\d+)$/.exec(error.code);
  // A network failure names the address tried and the cause (refused, DNS, TLS, timeout, cut off).
  const net = error.code === 'UNREACHABLE' ? unreachableFacts(error.message) : null;
  const title = net
    ? t('error.UNREACHABLE.at', { address: net.address, cause: t(`error.net.${net.cause}`) })
    : key
      ? t(key, { code: numbered?.[1] ?? error.code })
      : t('error.unknown', { code: error.code });
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

/** Why the OS keychain cannot be used, in a sentence; the platform's raw message goes behind Details. */
export function keychainSentence(raw: string | null, t: TFunction): string {
  const r = raw ?? '';
  const reason = /ServiceUnknown|org\.freedesktop\.secrets|secret ?service|not provided by any/i.test(r)
    ? 'noService'
    : /DBUS_SESSION_BUS_ADDRESS|session bus|autolaunch|X11|\$DISPLAY/i.test(r)
      ? 'noBus'
      : /locked|unlock|dismiss|cancel|denied|NotAuthorized/i.test(r)
        ? 'locked'
        : 'other';
  return t(`error.keychain.${reason}`);
}
