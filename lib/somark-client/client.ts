// The one SoMark API client (the app's queue and connection test, the parse CLI's --base-url mode):
// /parse/sync, /parse/async, /parse/async_check, /usage against one base URL. Uploads stream from disk;
// every answer is validated; retries are bounded (see retry.ts). The API key travels only as the
// `api_key` form field to this base URL and is never logged.
import type { ElementFormats, FeatureConfig, OutputFormat } from '../../shared/somark.ts';
import type { CheckData, SubmitData, SyncData, UsageData } from '../../shared/somark-answers.ts';
import { DEFAULT_ELEMENT_FORMATS, WAIT_FIELD } from '../../shared/somark.ts';
import { BadResponseError, ServiceError } from '../../shared/service-errors.ts';
import { httpRequest, readJson } from './http.ts';
import { mimeForExt, multipartBody, urlEncoded, type FormFields, type MultipartBody } from './multipart.ts';
import { parseCheckData, parseEnvelope, parseSubmitData, parseSyncData, parseUsageData } from './validate.ts';
import { withRetries, type RetryPolicy } from './retry.ts';
import type { FileOptions } from '../../shared/file-options.ts';

/** Largest JSON answer we accept from the service (a 300-page document stays well below). */
const MAX_RESPONSE_BYTES = 512 * 1024 * 1024;

export interface ClientTiming extends RetryPolicy {
  /** A request fails when its socket stays silent this long (sync parses can take a while). */
  idleTimeoutMs: number;
}

export interface ClientOptions {
  /** e.g. https://somark.cn/api/v1 or http://127.0.0.1:PORT/api/v1 */
  baseUrl: string;
  apiKey: string | null;
  timing: ClientTiming;
}

interface UploadFile {
  path: string;
  fileName: string;
  size: number;
  /** Extension with the dot. */
  fileType: string;
}

export interface ParseParams {
  file: UploadFile;
  formats: readonly OutputFormat[];
  featureConfig: FeatureConfig;
  elementFormats?: ElementFormats;
  /** Password of a protected PDF (local engine extension); sent as a form field, never logged. */
  password?: string;
  /** OCR and page range (local engine extensions `ocr`, `ocr_lang`, `page_range`); only fields that differ
   *  from the defaults are sent. Callers send them only to a backend that honours them (shared/capabilities.ts). */
  fileOptions?: FileOptions;
  signal?: AbortSignal;
  /** Bytes of the multipart body written so far (file plus form fields). */
  onUpload?: (sent: number, total: number) => void;
  onRetry?: (info: { attempt: number; error: unknown; delayMs: number }) => void;
}

interface RequestHooks {
  signal?: AbortSignal;
  onRetry?: (info: { attempt: number; error: unknown; delayMs: number }) => void;
}

interface CheckHooks extends RequestHooks {
  /** Longest the service may hold the check of an unfinished task (our engine's long poll, field `wait`);
   *  it answers at once when the task ends. Default 0: answer at once. Services without it ignore it. */
  holdMs?: number;
}

export interface SomarkClient {
  readonly baseUrl: string;
  readonly keySent: boolean;
  parseSync(p: ParseParams): Promise<SyncData>;
  submitAsync(p: ParseParams): Promise<SubmitData>;
  check(taskId: string, hooks?: CheckHooks): Promise<CheckData>;
  usage(hooks?: RequestHooks): Promise<UsageData>;
}

type Body = { contentType: string; body: Buffer } | MultipartBody;

function fileOptionFields(o: FileOptions | undefined): FormFields {
  if (!o) return [];
  const out: [string, string][] = [];
  if (!o.ocr) out.push(['ocr', 'false']);
  if (o.ocrLang !== 'auto') out.push(['ocr_lang', o.ocrLang]);
  if (o.pageRange) out.push(['page_range', o.pageRange]);
  return out;
}

export function createSomarkClient(opts: ClientOptions): SomarkClient {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const auth: FormFields = opts.apiKey ? [['api_key', opts.apiKey]] : [];

  async function post(
    path: string,
    make: () => Body,
    hooks: RequestHooks & { onUpload?: ParseParams['onUpload'] },
  ): Promise<unknown> {
    const url = new URL(base + path);
    return withRetries(
      async () => {
        const b = make();
        const isStream = 'open' in b;
        const res = await httpRequest({
          method: 'POST',
          url,
          headers: {
            'content-type': b.contentType,
            'content-length': isStream ? b.length : b.body.length,
            accept: 'application/json',
          },
          body: isStream ? b.open(hooks.onUpload, hooks.signal) : b.body,
          signal: hooks.signal,
          idleTimeoutMs: opts.timing.idleTimeoutMs,
        });
        const env = parseEnvelope(await readJson(res, MAX_RESPONSE_BYTES, url, hooks.signal));
        if (env.code !== 0) throw new ServiceError(env.code, env.message);
        // Top-level warnings travel with the data (parseSyncData/parseCheckData read data.warnings).
        if (env.warnings && env.data && typeof env.data === 'object') {
          const d = env.data as { warnings?: unknown };
          return { ...d, warnings: [...new Set([...(Array.isArray(d.warnings) ? d.warnings : []), ...env.warnings])] };
        }
        return env.data;
      },
      opts.timing,
      hooks.signal,
      hooks.onRetry,
    );
  }

  const parseFields = (p: ParseParams): FormFields => [
    ...auth,
    ...p.formats.map((f): [string, string] => ['output_formats', f]),
    ['element_formats', JSON.stringify(p.elementFormats ?? DEFAULT_ELEMENT_FORMATS)],
    ['feature_config', JSON.stringify(p.featureConfig)],
    ...(p.password ? [['password', p.password] as [string, string]] : []),
    ...fileOptionFields(p.fileOptions),
  ];
  const uploadBody = (p: ParseParams) => (): Body =>
    multipartBody(parseFields(p), {
      field: 'file',
      path: p.file.path,
      fileName: p.file.fileName,
      contentType: mimeForExt(p.file.fileType),
      size: p.file.size,
    });

  return {
    baseUrl: base,
    keySent: auth.length > 0,
    async parseSync(p) {
      return parseSyncData(await post('/parse/sync', uploadBody(p), p));
    },
    async submitAsync(p) {
      return parseSubmitData(await post('/parse/async', uploadBody(p), p));
    },
    async check(taskId, hooks = {}) {
      // A short hold (local extension, ignored elsewhere): a finished task answers at once, an unfinished
      // one after the queue's poll interval with its page progress, so progress stays live.
      const wait = String(Math.max(0, Math.round(hooks.holdMs ?? 0)) / 1000);
      const data = parseCheckData(
        await post('/parse/async_check', () => urlEncoded([['task_id', taskId], ...auth, [WAIT_FIELD, wait]]), hooks),
      );
      if (data.task_id && data.task_id !== taskId)
        throw new BadResponseError(`asked for task ${taskId}, the service answered for ${data.task_id}`);
      return data;
    },
    async usage(hooks = {}) {
      return parseUsageData(await post('/usage', () => urlEncoded(auth), hooks));
    },
  };
}
