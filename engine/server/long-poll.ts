// The long poll of async_check: an unfinished task's check is held until the task ends or the engine's
// bound passes (clients such as RAGFlow's Go parser check once, right after submitting). A client that
// wants live progress sends the local extension field `wait` (seconds; `0` answers at once).
import type { ServerResponse } from 'node:http';
import { WAIT_FIELD } from '../../shared/somark.ts';
import { EngineError, ErrorCodes } from '../errors.ts';
import type { EngineCore } from '../core/engine.ts';
import { first, type ParsedForm } from './form.ts';

/** The hold for this request in ms: the engine's bound, shortened by the request's `wait` field. */
function holdMs(form: ParsedForm, boundMs: number): number {
  const raw = first(form, WAIT_FIELD)?.trim();
  if (raw === undefined || raw === '') return boundMs;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new EngineError(
      ErrorCodes.PARAM_ERROR,
      `Parameter error: ${WAIT_FIELD} must be a number of seconds ≥ 0 (got ${JSON.stringify(raw.slice(0, 40))})`,
    );
  }
  return Math.min(boundMs, Math.round(seconds * 1000));
}

/**
 * Holds the check of task `id` as long as this request allows. Answers false when the client went away
 * meanwhile (nothing is to be sent then); the hold ends as soon as the connection closes. `place` asks
 * the caller's share for a held poll (shares.ts): without one the check is answered at once.
 */
export async function holdCheck(
  core: EngineCore,
  id: string,
  form: ParsedForm,
  res: ServerResponse,
  place: () => (() => void) | null = () => () => {},
): Promise<boolean> {
  const ms = holdMs(form, core.longPollMs);
  if (ms <= 0) return true;
  const free = place();
  if (!free) return true;
  const gone = new AbortController();
  const onClose = (): void => gone.abort();
  res.once('close', onClose);
  try {
    await core.hold(id, ms, gone.signal);
  } finally {
    res.off('close', onClose);
    free();
  }
  return !gone.signal.aborted && !res.destroyed;
}
