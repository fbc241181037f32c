// Admission of uploads: the pool's queue limit applies to every task admitted and not yet in the pool's
// queue — submits still being stored, and Office files waiting for (or in) their one-at-a-time LibreOffice
// conversion, which used to wait outside any limit — and Office files have a limit of their own on
// how many may wait to convert. A refusal is 1124 (busy, retry later), answered at once.
import { EngineError, ErrorCodes } from '../errors.ts';
import type { DocumentInfo } from '../types.ts';
import type { WorkerPool } from './pool.ts';

export class Admission {
  #pool: WorkerPool;
  #officeLimit: number;
  /** Submits past the check whose task is not launched yet (of them, Office files). */
  #admitting = 0;
  #officeAdmitting = 0;
  /** Office tasks launched whose parse is not queued yet (converting, or waiting to). */
  #converting = 0;

  constructor(pool: WorkerPool, officeLimit: number) {
    this.#pool = pool;
    this.#officeLimit = officeLimit;
  }

  /** Holds a place for an upload of this kind until the returned release (call it once the task is
   * launched, or on failure; a second call does nothing); throws 1124 when there is no room. */
  admit(kind: DocumentInfo['kind']): () => void {
    if (!this.#pool.canAccept(this.#admitting + this.#converting))
      throw new EngineError(ErrorCodes.QPS_LIMIT, 'The engine is busy: its task queue is full; retry later');
    const office = kind === 'office';
    if (office && this.#converting + this.#officeAdmitting >= this.#officeLimit) {
      throw new EngineError(
        ErrorCodes.QPS_LIMIT,
        `The engine is busy converting Office files (${this.#officeLimit} waiting); retry later`,
      );
    }
    this.#admitting++;
    if (office) this.#officeAdmitting++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#admitting--;
      if (office) this.#officeAdmitting--;
    };
  }

  /** Runs an Office task's conversion counted as admitted work (counted from this call, which launch makes synchronously). */
  async converting<T>(run: () => Promise<T>): Promise<T> {
    this.#converting++;
    try {
      return await run();
    } finally {
      this.#converting--;
    }
  }
}
