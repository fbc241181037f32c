// Remote runner of the parse CLI: any SoMark-compatible service. Plain fetch + FormData (the file is a
// Blob from fs.openAsBlob, so it streams from disk); async submit, then async_check every few seconds.
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import type { CheckData, ElementFormats, Envelope, FeatureConfig, OutputFormat, SubmitData } from '../../shared/somark.ts';
import { RETRYABLE_CODES, WAIT_FIELD } from '../../shared/somark.ts';
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post<T>(url: string, body: FormData | URLSearchParams): Promise<Envelope<T>> {
  const res = await fetch(url, { method: 'POST', body });
  const text = await res.text();
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`HTTP ${res.status} from ${url}: not a JSON envelope (${text.slice(0, 80).replace(/\s+/g, ' ')})`);
  }
}

export function createRemoteRunner(opts: RemoteOptions): Runner {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const pollMs = opts.pollMs ?? 3_000;
  return async (file, onProgress) => {
    let submit: Envelope<SubmitData> | null = null;
    for (let attempt = 0; ; attempt++) {
      const form = new FormData();
      form.append('file', await openAsBlob(file), basename(file));
      for (const f of opts.formats) form.append('output_formats', f);
      if (opts.apiKey) form.append('api_key', opts.apiKey);
      if (opts.elementFormats) form.append('element_formats', JSON.stringify(opts.elementFormats));
      if (opts.featureConfig) form.append('feature_config', JSON.stringify(opts.featureConfig));
      submit = await post<SubmitData>(`${base}/parse/async`, form);
      if (!RETRYABLE_CODES.includes(submit.code) || attempt >= 6) break;
      onProgress(`service busy (code ${submit.code}), retrying`);
      await sleep(Math.min(10_000, 1_000 * 2 ** attempt) + Math.random() * 500);
    }
    if (submit.code !== 0 || !submit.data) throw new EngineError(submit.code, submit.message || 'submit failed');
    const taskId = submit.data.task_id;
    onProgress(`submitted as ${taskId}`);
    const end = Date.now() + (opts.timeoutMs ?? 30 * 60_000);
    let last = '';
    while (Date.now() < end) {
      await sleep(pollMs);
      // No hold (our engine's extension, ignored elsewhere), so page progress stays live.
      const check = await post<CheckData>(`${base}/parse/async_check`, new URLSearchParams({ task_id: taskId, ...(opts.apiKey ? { api_key: opts.apiKey } : {}), [WAIT_FIELD]: '0' }));
      if (check.code !== 0 || !check.data) throw new EngineError(check.code, check.message || 'status check failed');
      const d = check.data;
      const note = d.progress ? `${d.status} ${d.progress.pages_done}/${d.progress.pages_total} pages` : d.status;
      if (note !== last) onProgress((last = note));
      if (d.status === 'FAILED') throw new Error(d.error || 'the service reported FAILED');
      if (d.status === 'SUCCESS' && d.result) {
        const result = d.result;
        const outcome: FileOutcome = { result, pageCount: d.metadata?.page_num ?? 0, zip: () => fetchZip(result.outputs.zip) };
        return outcome;
      }
    }
    throw new Error(`no result after ${Math.round((opts.timeoutMs ?? 30 * 60_000) / 60_000)} min (task ${taskId})`);
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
