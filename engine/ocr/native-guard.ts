// Marks the spans a worker thread spends inside onnxruntime's native code, in memory the pool shares:
// terminating a thread there makes the addon throw a C++ Napi::Error on its way back, which aborts the
// whole process ("terminate called after throwing an instance of 'Napi::Error'"). Word 0 counts the
// calls in flight; word 1 is set by the pool before it terminates the thread (no new call starts after
// that); word 2 releases the test hook's hang (DOCPARSE_TEST_OCR_HANG) when the pool closes.
import { EngineError, ErrorCodes } from '../errors.ts';

export const NATIVE_GUARD = new Int32Array(new SharedArrayBuffer(12));
const IN_FLIGHT = 0,
  STOPPING = 1,
  RELEASE = 2;

/** The pool's side: true when the thread is outside native code and will not enter it again (safe to terminate). */
export function closeGuard(guard: Int32Array): boolean {
  Atomics.store(guard, STOPPING, 1);
  return Atomics.load(guard, IN_FLIGHT) === 0;
}

/** The pool's side, when it closes: lets a thread out of the test hook's hang. */
export function releaseGuard(guard: Int32Array): void {
  Atomics.store(guard, RELEASE, 1);
  Atomics.notify(guard, RELEASE);
}

/** Test hook at the native boundary: 'wait' blocks the thread without using CPU (a deadlocked call), 'spin'
 * uses CPU without end (a runaway one); both until the pool closes. */
function testHang(mode: string): void {
  if (mode === 'wait') Atomics.wait(NATIVE_GUARD, RELEASE, 0);
  else if (mode === 'spin')
    while (Atomics.load(NATIVE_GUARD, RELEASE) === 0) {
      /* spin */
    }
}

/** Runs `call` (which enters onnxruntime's native code) marked as in flight. `kind` 'run' (an inference:
 * the test hook applies) and 'create' are refused once the pool is stopping the thread; 'release' (freeing
 * sessions before the thread ends) never is. */
export async function inNative<T>(kind: 'run' | 'create' | 'release', call: () => Promise<T>): Promise<T> {
  Atomics.add(NATIVE_GUARD, IN_FLIGHT, 1);
  try {
    if (kind !== 'release' && Atomics.load(NATIVE_GUARD, STOPPING))
      throw new EngineError(ErrorCodes.PROCESSING_FAILED, 'The parser was stopped');
    const hang = kind === 'run' && process.env.DOCPARSE_TEST_OCR_HANG;
    if (hang) testHang(hang);
    return await call();
  } finally {
    Atomics.sub(NATIVE_GUARD, IN_FLIGHT, 1);
  }
}
