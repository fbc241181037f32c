// Bounded retries with exponential backoff and jitter; the backoff sleep is abortable.
import { isRetryable } from '../../shared/service-errors.ts';
import { sleep } from './sleep.ts';

export interface RetryPolicy {
  /** Exponential backoff: base · 2^n, capped, plus up to 50 % jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Retries of one request on network errors, HTTP 5xx and codes 1101/1124. */
  maxRetries: number;
}

const backoffMs = (p: RetryPolicy, attempt: number): number => {
  const base = Math.min(p.retryMaxMs, p.retryBaseMs * 2 ** attempt);
  return Math.round(base * (1 + Math.random() * 0.5));
};

/**
 * Runs `fn` until it succeeds, fails with a non-retryable error, or `maxRetries` retries are spent
 * (then the last error is thrown). `onRetry` hears about each retry before its sleep.
 */
export async function withRetries<T>(
  fn: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  onRetry?: (info: { attempt: number; error: unknown; delayMs: number }) => void,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      if (signal?.aborted || !isRetryable(e) || attempt >= policy.maxRetries) throw e;
      const delayMs = backoffMs(policy, attempt);
      onRetry?.({ attempt: attempt + 1, error: e, delayMs });
      await sleep(delayMs, signal);
    }
  }
}
