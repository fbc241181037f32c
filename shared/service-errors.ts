// The failures a SoMark-compatible service call can end in, as classes the client throws and
// `toAppError` (shared/result.ts) turns into the AppError a task or handler shows. Pure: no Node types.
import { RETRYABLE_CODES } from './somark.ts';

/** An AbortSignal fired (cancel, timeout): the error carries the name 'AbortError'. */
export const isAbortError = (e: unknown): boolean => e instanceof Error && e.name === 'AbortError';

/** No usable answer: the connection failed, was reset or stayed silent. */
export class NetworkError extends Error {
  readonly errno: string;
  constructor(errno: string, message: string) {
    super(message);
    this.name = 'NetworkError';
    this.errno = errno;
  }
}

/** A non-2xx HTTP answer. */
export class HttpStatusError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpStatusError';
    this.status = status;
  }
}

/** An answer we cannot trust (not JSON, too large, not the expected shape). */
export class BadResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadResponseError';
  }
}

/** A failure of the local side of an upload (the file could not be read); never retried as network. */
export class LocalFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalFileError';
  }
}

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
