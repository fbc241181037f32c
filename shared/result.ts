// Errors cross process boundaries as data, never as thrown exceptions.

export interface AppError {
  /** Stable machine code: 'NOT_FOUND', 'INVALID_KEY', 'SERVICE_1107', ... */
  code: string;
  /** Human-readable message (English); the renderer may translate by code. */
  message: string;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });
export const fail = (code: string, message: string): IpcResult<never> => ({ ok: false, error: { code, message } });

/** An Error that carries a stable code; handlers turn it into `{ok:false}`. */
export class CodedError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'CodedError';
    this.code = code;
  }
}

export function toAppError(e: unknown): AppError {
  if (e instanceof CodedError) return { code: e.code, message: e.message };
  if (e instanceof Error) return { code: 'INTERNAL', message: e.message };
  return { code: 'INTERNAL', message: String(e) };
}
