// "Test connection": one /usage call to the chosen backend, reported as ConnectionReport or thrown as a
// CodedError with the service's code (INVALID_KEY for 1107, UNREACHABLE for network trouble, …).
// The stored key goes only to the saved service address: a URL the renderer names that differs from
// it (a deployment being typed in) is tested without the key, and the report says so.
import { CodedError, toAppError, unreachableMessage } from '../../../shared/result.ts';
import type { Backend, ConnectionReport } from '../../../shared/task.ts';
import type { Timing } from '../consts.ts';
import { createSomarkClient } from '../../../lib/somark-client/client.ts';
import type { Targets } from './targets.ts';
import { normalizeBaseUrl } from '../../../shared/base-url.ts';

const TEST_TIMEOUT_MS = 15_000;

const safeNormalize = (url: string): string | null => {
  const r = normalizeBaseUrl(url);
  return r.ok ? r.url : null;
};

export async function testConnection(
  req: { backend?: Backend; baseUrl?: string },
  deps: { targets: Targets; defaultBackend: () => Backend; savedBaseUrl: () => string; timing: Timing },
): Promise<ConnectionReport> {
  const backend = req?.backend ?? deps.defaultBackend();
  if (backend !== 'local' && backend !== 'cloud')
    throw new CodedError('INVALID_REQUEST', 'backend must be "local" or "cloud"');
  const asked =
    backend === 'cloud' && typeof req?.baseUrl === 'string' && req.baseUrl.trim() !== '' ? req.baseUrl : undefined;
  const target = await deps.targets.resolve(backend, asked);
  const saved = backend === 'cloud' ? safeNormalize(deps.savedBaseUrl()) : target.baseUrl;
  const keyAllowed = target.baseUrl === saved;
  const client = createSomarkClient({
    baseUrl: target.baseUrl,
    apiKey: keyAllowed ? target.apiKey : null,
    timing: { ...deps.timing, maxRetries: 0, idleTimeoutMs: TEST_TIMEOUT_MS },
  });
  const t0 = performance.now();
  try {
    const usage = await client.usage({ signal: AbortSignal.timeout(TEST_TIMEOUT_MS) });
    return {
      backend,
      baseUrl: client.baseUrl,
      latencyMs: Math.round(performance.now() - t0),
      keySent: client.keySent,
      usage: {
        paid: usage.remaining_paid_pages,
        freeToday: usage.remaining_free_pages_today,
        freeMonth: usage.remaining_free_pages_this_month,
      },
    };
  } catch (e) {
    const host = new URL(client.baseUrl).host;
    const timedOut = e instanceof Error && (e.name === 'AbortError' || e.name === 'TimeoutError');
    // The whole address tried, so the sentence can name it (and the cause: refused, DNS, TLS, timeout).
    if (timedOut) throw new CodedError('UNREACHABLE', unreachableMessage(client.baseUrl, 'ETIMEDOUT'));
    const err = toAppError(e, { keySent: client.keySent, host: client.baseUrl });
    if (err.code === 'INVALID_KEY' && !keyAllowed && target.apiKey) {
      throw new CodedError(
        'INVALID_KEY',
        `${host} wants an API key, and your key is sent only to the saved service address: apply this address first, then test again`,
      );
    }
    throw new CodedError(err.code, err.message);
  }
}
