// Limits and timings of the main-process services. Timings are injectable (tests run them fast).
import type { ClientTiming } from '../../lib/somark-client/client.ts';

/** Largest single image or zip we download into the results cache. */
export const MAX_DOWNLOAD_BYTES = 512 * 1024 * 1024;
/** Images of one result: how many are downloaded, each one's size, and all of them together. */
export const MAX_IMAGES_PER_RESULT = 2000;
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
export const MAX_IMAGES_TOTAL_BYTES = 512 * 1024 * 1024;

/** The client's retry and idle timings (lib/somark-client/client.ts) and the queue's own. */
export interface Timing extends ClientTiming {
  /** Mean async_check interval; each wait is jittered ±25 % (4 s → 3–5 s, as the service asks). */
  pollIntervalMs: number;
  /** Re-submissions of a task the service reported FAILED before it is shown failed. */
  failedResubmits: number;
  /** Debounce of tasks.json writes. */
  persistDelayMs: number;
}

export const DEFAULT_TIMING: Timing = {
  pollIntervalMs: 4000,
  retryBaseMs: 1000,
  retryMaxMs: 10_000,
  maxRetries: 4,
  failedResubmits: 2,
  idleTimeoutMs: 10 * 60_000,
  persistDelayMs: 250,
};

export const KEYCHAIN_SERVICE = 'DocParse Desktop';
export const KEYCHAIN_ACCOUNT = 'api-key';
