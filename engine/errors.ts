import { ErrorCodes } from '../shared/somark.ts';

/** A business error with a SoMark code; the server answers it as HTTP 200 `{code, message, data: {error: message}}`. */
export class EngineError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

export const isEngineError = (e: unknown): e is EngineError => e instanceof EngineError;
export { ErrorCodes };
