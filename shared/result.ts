// Errors cross process boundaries as data, never as thrown exceptions; `toAppError` is the one mapping
// from any failure (coded, cancelled, the service's, the network's, anything else) to that data.
import { ErrorCodes } from './somark.ts';
import {
  BadResponseError,
  HttpStatusError,
  isAbortError,
  LocalFileError,
  NetworkError,
  RemoteFailedError,
  ServiceError,
} from './service-errors.ts';

export interface AppError {
  /** Stable machine code: 'NOT_FOUND', 'INVALID_KEY', 'SERVICE_1107', ... */
  code: string;
  /** Human-readable message (English); the renderer may translate by code. */
  message: string;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** An Error that carries a stable code; handlers turn it into `{ok:false}`. */
export class CodedError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'CodedError';
    this.code = code;
  }
}

const DESCRIPTIONS: Record<number, string> = {
  [ErrorCodes.UNSUPPORTED_TYPE]:
    'This backend does not accept this file type; choose another backend in Settings or convert the file to PDF',
  [ErrorCodes.INVALID_PDF]: 'The PDF is invalid or corrupted',
  [ErrorCodes.FILE_MISSING]: 'The service did not receive the file',
  [ErrorCodes.TOO_LARGE]: 'The file is larger than the service accepts (200 MB)',
  [ErrorCodes.TOO_MANY_PAGES]: 'The document has more pages than the service accepts in one request; split it',
  [ErrorCodes.PARAM_ERROR]: 'The service refused the request parameters',
  [ErrorCodes.PROCESSING_FAILED]: 'The service could not process the document',
};

/**
 * Failures whose way out is not a corrected file: LibreOffice missing on the local engine (install it
 * or switch to the SoMark cloud), a password-protected PDF (give its password) or a wrong password.
 */
function specialCause(code: number | null, reason: string): AppError | null {
  if (/Install LibreOffice/i.test(reason) && (code === null || code === ErrorCodes.UNSUPPORTED_TYPE)) {
    return { code: 'NEEDS_LIBREOFFICE', message: reason };
  }
  // Our engine's page_range past the document's end: the same file and range meet the same answer.
  if (
    (code === null || code === ErrorCodes.PARAM_ERROR) &&
    /page_range asks for page \d+, but .* has \d+ pages?/.test(reason)
  ) {
    return { code: 'PAGE_RANGE_PAST_END', message: reason };
  }
  if (code !== null && code !== ErrorCodes.INVALID_PDF && code !== ErrorCodes.UNSUPPORTED_TYPE) return null;
  if (/password\b.*\bis wrong|wrong password|incorrect password/i.test(reason))
    return { code: 'PASSWORD_WRONG', message: reason };
  if (/password-protected|password protected|encrypted|需要密码|加密/i.test(reason))
    return { code: 'PASSWORD_REQUIRED', message: reason };
  return null;
}

const withReason = (text: string, reason: string): string => (reason && reason !== text ? `${text}: ${reason}` : text);

export interface ErrorContext {
  /** Whether an API key was sent (changes the advice for 1107). */
  keySent?: boolean;
  /** Host (or the whole address) shown in network messages. */
  host?: string;
}

/** What kind of network failure an errno is: the human sentence says which (renderer/src/i18n/errors.ts). */
export type NetCause = 'refused' | 'dns' | 'tls' | 'timeout' | 'reset' | 'other';

function netCause(errno: string): NetCause {
  if (errno === 'ECONNREFUSED') return 'refused';
  if (errno === 'ENOTFOUND' || errno === 'EAI_AGAIN' || errno === 'EAI_FAIL' || errno === 'EAI_NODATA') return 'dns';
  if (/CERT|TLS|SSL|EPROTO|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/i.test(errno)) return 'tls';
  if (errno === 'ETIMEDOUT' || errno === 'ESOCKETTIMEDOUT' || errno === 'UND_ERR_CONNECT_TIMEOUT') return 'timeout';
  if (errno === 'ECONNRESET' || errno === 'EPIPE' || errno === 'ECONNABORTED') return 'reset';
  return 'other';
}

/** The one wording of UNREACHABLE's message (main writes it, the renderer reads its facts back). */
export const unreachableMessage = (address: string, errno: string): string =>
  `Cannot reach ${address} (${errno}); check the connection or the service URL`;

/** The address tried and the errno of an UNREACHABLE message, or null for another wording. */
export function unreachableFacts(message: string): { address: string; errno: string; cause: NetCause } | null {
  const m = /^Cannot reach (\S+) \(([A-Z0-9_]+)\)/.exec(message);
  return m ? { address: m[1]!, errno: m[2]!, cause: netCause(m[2]!) } : null;
}

export function toAppError(e: unknown, ctx: ErrorContext = {}): AppError {
  if (e instanceof CodedError) return { code: e.code, message: e.message };
  if (isAbortError(e)) return { code: 'CANCELLED', message: 'Cancelled' };
  if (e instanceof ServiceError) {
    const reason = e.serviceMessage;
    const special = specialCause(e.code, reason);
    if (special) return special;
    switch (e.code) {
      case ErrorCodes.INVALID_KEY:
        return {
          code: 'INVALID_KEY',
          message:
            ctx.keySent === false
              ? 'No API key is set: add one in Settings (the service answered code 1107)'
              : withReason('The service rejected the API key (code 1107); check it in Settings', reason),
        };
      case ErrorCodes.TOO_FREQUENT:
      case ErrorCodes.QPS_LIMIT:
        return {
          code: 'RATE_LIMITED',
          message: withReason(`The service is rate-limiting requests (code ${e.code}); try again later`, reason),
        };
      case ErrorCodes.NO_PLAN:
      case ErrorCodes.NO_PAGES_LEFT:
        return { code: 'NO_QUOTA', message: withReason(`No pages left on this account (code ${e.code})`, reason) };
      default:
        return {
          code: `SERVICE_${e.code}`,
          message: withReason(DESCRIPTIONS[e.code] ?? `The service answered error ${e.code}`, reason),
        };
    }
  }
  if (e instanceof RemoteFailedError) {
    const special = specialCause(null, e.message);
    if (special) return special;
  }
  if (e instanceof RemoteFailedError)
    return { code: 'PARSE_FAILED', message: withReason('The service failed to parse the document', e.message) };
  if (e instanceof NetworkError) {
    const where = ctx.host ?? 'the service';
    return { code: 'UNREACHABLE', message: unreachableMessage(where, e.errno) };
  }
  if (e instanceof HttpStatusError) return { code: `HTTP_${e.status}`, message: e.message };
  if (e instanceof BadResponseError) return { code: 'BAD_RESPONSE', message: e.message };
  if (e instanceof LocalFileError) return { code: 'UNREADABLE', message: e.message };
  return { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}
