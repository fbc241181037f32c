// Remote runner of the parse CLI: any SoMark-compatible service, through the one SoMark client
// (lib/somark-client/, the app's too): async submit streamed from disk, then async_check every few seconds.
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { ElementFormats, FeatureConfig, OutputFormat } from '../../shared/somark.ts';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG } from '../../shared/somark.ts';
import { ServiceError } from '../../shared/service-errors.ts';
import { createSomarkClient, type ClientTiming } from '../../lib/somark-client/client.ts';
import { sleep } from '../../lib/somark-client/sleep.ts';
import { EngineError } from '../errors.ts';
import type { FileOutcome, Runner } from './outcome.ts';

export interface RemoteOptions {
  baseUrl: string;
  apiKey: string;
  formats: OutputFormat[];
  elementFormats?: ElementFormats;
  featureConfig?: FeatureConfig;
  pollMs?: number;
  /** Give up on one file after this long (default 30 min). */
  timeoutMs?: number;
}

/** A busy service is asked again after 1, 2, 4 … 10 s, six times at most. */
const TIMING: ClientTiming = { retryBaseMs: 1_000, retryMaxMs: 10_000, maxRetries: 6, idleTimeoutMs: 10 * 60_000 };

const retryNote = (e: unknown): string =>
  e instanceof ServiceError ? `service busy (code ${e.code})` : e instanceof Error ? e.message : String(e);

export function createRemoteRunner(opts: RemoteOptions): Runner {
  const client = createSomarkClient({ baseUrl: opts.baseUrl, apiKey: opts.apiKey || null, timing: TIMING });
  const pollMs = opts.pollMs ?? 3_000;
  const timeoutMs = opts.timeoutMs ?? 30 * 60_000;
  return async (file, onProgress) => {
    const onRetry = ({ error }: { error: unknown }) => onProgress(`${retryNote(error)}, retrying`);
    try {
      const submitted = await client.submitAsync({
        file: {
          path: file,
          fileName: basename(file),
          size: (await stat(file)).size,
          fileType: extname(file).toLowerCase(),
        },
        formats: opts.formats,
        featureConfig: opts.featureConfig ?? DEFAULT_FEATURE_CONFIG,
        elementFormats: opts.elementFormats ?? DEFAULT_ELEMENT_FORMATS,
        onRetry,
      });
      const taskId = submitted.task_id;
      onProgress(`submitted as ${taskId}`);
      const end = Date.now() + timeoutMs;
      let last = '';
      while (Date.now() < end) {
        await sleep(pollMs);
        // No hold (our engine's extension, ignored elsewhere), so page progress stays live.
        const d = await client.check(taskId, { holdMs: 0, onRetry });
        const note = d.progress ? `${d.status} ${d.progress.pages_done}/${d.progress.pages_total} pages` : d.status;
        if (note !== last) onProgress((last = note));
        if (d.status === 'FAILED') throw new Error(d.error || 'the service reported FAILED');
        if (d.status === 'SUCCESS' && d.result) {
          const result = d.result;
          const outcome: FileOutcome = {
            result,
            pageCount: d.metadata?.page_num ?? 0,
            zip: () => fetchZip(result.outputs.zip),
          };
          return outcome;
        }
      }
      throw new Error(`no result after ${Math.round(timeoutMs / 60_000)} min (task ${taskId})`);
    } catch (e) {
      // The CLI reports a service's refusal as its code and message: "Invalid API key (code 1107)".
      if (e instanceof ServiceError)
        throw new EngineError(e.code, e.serviceMessage || 'the service refused the request');
      throw e;
    }
  };
}

/** outputs.zip is a URL (this engine) or base64 text (some hosted variants). */
async function fetchZip(zip: string | undefined): Promise<Uint8Array | null> {
  if (!zip) return null;
  if (/^https?:\/\//i.test(zip)) {
    const res = await fetch(zip);
    if (!res.ok) throw new Error(`zip download failed: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }
  return new Uint8Array(Buffer.from(zip.replace(/^data:[^,]*,/, ''), 'base64'));
}
