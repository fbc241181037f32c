// Service errors and the one mapping from any failure to the AppError a task or handler shows.
import { CodedError, type AppError } from '../../../shared/result.ts';
import { ErrorCodes, RETRYABLE_CODES } from '../../../shared/somark.ts';
import { BadResponseError, HttpStatusError, LocalFileError, NetworkError } from './http.ts';
import { isAbortError } from '../util/sleep.ts';

/** A business error: the service answered a non-zero envelope code. */
export class ServiceError extends Error {
  readonly code: number;
  readonly serviceMessage: string;
  constructor(code: number, serviceMessage: string) {
    super(`service error ${code}: ${serviceMessage}`);
    this.name = 'ServiceError';
    this.code = code;
    this.serviceMessage = serviceMessage;
  }
}

/** The service reported the task FAILED (async_check) or the sync answer carried an error. */
export class RemoteFailedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RemoteFailedError';
  }
}

/** Worth another try: network trouble, HTTP 5xx, rate-limit codes (1101, 1124). */
export function isRetryable(e: unknown): boolean {
  if (e instanceof NetworkError) return true;
  if (e instanceof HttpStatusError) return e.status >= 500 || e.status === 429;
  if (e instanceof ServiceError) return RETRYABLE_CODES.includes(e.code);
  return false;
}

const DESCRIPTIONS: Record<number, string> = {
  [ErrorCodes.UNSUPPORTED_TYPE]: 'This backend does not accept this file type; choose another backend in Settings or convert the file to PDF',
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
  if (code !== null && code !== ErrorCodes.INVALID_PDF && code !== ErrorCodes.UNSUPPORTED_TYPE) return null;
  if (/password\b.*\bis wrong|wrong password|incorrect password/i.test(reason)) return { code: 'PASSWORD_WRONG', message: reason };
  if (/password-protected|password protected|encrypted|需要密码|加密/i.test(reason)) return { code: 'PASSWORD_REQUIRED', message: reason };
  return null;
}

const withReason = (text: string, reason: string): string => (reason && reason !== text ? `${text}: ${reason}` : text);

export interface ErrorContext {
  /** Whether an API key was sent (changes the advice for 1107). */
  keySent?: boolean;
  /** Host shown in network messages. */
  host?: string;
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
          message: ctx.keySent === false
            ? 'No API key is set: add one in Settings (the service answered code 1107)'
            : withReason('The service rejected the API key (code 1107); check it in Settings', reason),
        };
      case ErrorCodes.TOO_FREQUENT:
      case ErrorCodes.QPS_LIMIT:
        return { code: 'RATE_LIMITED', message: withReason(`The service is rate-limiting requests (code ${e.code}); try again later`, reason) };
      case ErrorCodes.NO_PLAN:
      case ErrorCodes.NO_PAGES_LEFT:
        return { code: 'NO_QUOTA', message: withReason(`No pages left on this account (code ${e.code})`, reason) };
      default:
        return { code: `SERVICE_${e.code}`, message: withReason(DESCRIPTIONS[e.code] ?? `The service answered error ${e.code}`, reason) };
    }
  }
  if (e instanceof RemoteFailedError) {
    const special = specialCause(null, e.message);
    if (special) return special;
  }
  if (e instanceof RemoteFailedError) return { code: 'PARSE_FAILED', message: withReason('The service failed to parse the document', e.message) };
  if (e instanceof NetworkError) {
    const where = ctx.host ?? 'the service';
    return { code: 'UNREACHABLE', message: `Cannot reach ${where} (${e.errno}); check the connection or the service URL` };
  }
  if (e instanceof HttpStatusError) return { code: `HTTP_${e.status}`, message: e.message };
  if (e instanceof BadResponseError) return { code: 'BAD_RESPONSE', message: e.message };
  if (e instanceof LocalFileError) return { code: 'UNREADABLE', message: e.message };
  return { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}
