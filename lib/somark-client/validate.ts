// Validation of everything the service answers: the envelope, then each endpoint's `data`.
// Nothing from the wire is used before it passed through here.
import type { CatalogNode, Envelope, JsonOutput, RemoteStatus } from '../../shared/somark.ts';
import type {
  CheckData,
  Metadata,
  Outputs,
  ParseResult,
  Progress,
  SubmitData,
  SyncData,
  UsageData,
} from '../../shared/somark-answers.ts';
import { BadResponseError } from '../../shared/service-errors.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (what: string): never => {
  throw new BadResponseError(`unexpected answer from the service: ${what}`);
};
const str = (o: Obj, k: string, where: string): string =>
  typeof o[k] === 'string' ? (o[k] as string) : bad(`${where}.${k} is not a string`);
const optStr = (o: Obj, k: string): string | null => (typeof o[k] === 'string' ? (o[k] as string) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Up to 20 warning strings (each cut to 500 characters); anything else is ignored. */
const warningList = (v: unknown): string[] =>
  Array.isArray(v)
    ? v
        .filter((x): x is string => typeof x === 'string' && x.length > 0)
        .slice(0, 20)
        .map((x) => x.slice(0, 500))
    : [];

export function parseEnvelope(raw: unknown): Envelope<unknown> {
  if (!isObj(raw)) return bad('the body is not a JSON object');
  const code = num(raw.code);
  if (code === null || !Number.isInteger(code)) return bad('no numeric "code"');
  const message = typeof raw.message === 'string' ? raw.message : '';
  const data = raw.data === undefined ? null : raw.data;
  if (data !== null && !isObj(data)) return bad('"data" is not an object');
  const w = warningList(raw.warnings);
  return w.length ? { code, message, data, warnings: w } : { code, message, data };
}

const STATUSES: readonly RemoteStatus[] = ['QUEUING', 'PROCESSING', 'SUCCESS', 'FAILED'];

function status(v: unknown): RemoteStatus {
  const s = typeof v === 'string' ? v.toUpperCase() : '';
  return (STATUSES as readonly string[]).includes(s) ? (s as RemoteStatus) : bad(`unknown status ${JSON.stringify(v)}`);
}

function metadata(v: unknown): Metadata | null {
  if (!isObj(v)) return null;
  const pages = num(v.page_num);
  return { page_num: pages !== null && pages >= 0 ? Math.floor(pages) : 0, file_type: optStr(v, 'file_type') ?? '' };
}

function progress(v: unknown): Progress | undefined {
  if (!isObj(v)) return undefined;
  const done = num(v.pages_done);
  const total = num(v.pages_total);
  return done !== null && total !== null && done >= 0 && total >= 0
    ? { pages_done: done, pages_total: total }
    : undefined;
}

function catalogNode(v: unknown): CatalogNode | null {
  if (!isObj(v)) return null;
  const children = Array.isArray(v.children) ? v.children.map(catalogNode).filter((n): n is CatalogNode => !!n) : [];
  return {
    content: optStr(v, 'content') ?? '',
    title_level: num(v.title_level) ?? 1,
    page_num: num(v.page_num) ?? 0,
    block_idx: num(v.block_idx) ?? 0,
    children,
  };
}

function jsonOutput(v: unknown): JsonOutput | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObj(v) || !Array.isArray(v.pages)) return bad('outputs.json has no "pages" array');
  for (const p of v.pages)
    if (!isObj(p) || !Array.isArray(p.blocks)) bad('a page in outputs.json has no "blocks" array');
  // Kept exactly as returned (main.json); the shape was checked above.
  return v as unknown as JsonOutput;
}

function parseResult(v: unknown): ParseResult {
  if (!isObj(v)) return bad('"result" is not an object');
  const out = isObj(v.outputs) ? v.outputs : bad('"result.outputs" is missing');
  const outputs: Outputs = {};
  if (out.markdown !== undefined && out.markdown !== null) outputs.markdown = str(out, 'markdown', 'outputs');
  const json = jsonOutput(out.json);
  if (json) outputs.json = json;
  if (out.zip !== undefined && out.zip !== null) outputs.zip = str(out, 'zip', 'outputs');
  const imgs = Array.isArray(v.imgs) ? v.imgs.filter((s): s is string => typeof s === 'string') : [];
  const catalog = Array.isArray(v.catalog) ? v.catalog.map(catalogNode).filter((n): n is CatalogNode => !!n) : [];
  const pdfUrl = optStr(v, 'pdf_url'); // local engine extension: an Office file's converted PDF
  return { file_name: optStr(v, 'file_name') ?? '', outputs, imgs, catalog, ...(pdfUrl ? { pdf_url: pdfUrl } : {}) };
}

export function parseSyncData(d: unknown): SyncData {
  if (!isObj(d)) return bad('sync answer without "data"');
  return {
    task_id: optStr(d, 'task_id') ?? '',
    error: optStr(d, 'error'),
    metadata: metadata(d.metadata) ?? { page_num: 0, file_type: '' },
    result: parseResult(d.result),
    warnings: warningList(d.warnings),
  };
}

export function parseSubmitData(d: unknown): SubmitData {
  if (!isObj(d)) return bad('submit answer without "data"');
  const id = str(d, 'task_id', 'data');
  if (!id) return bad('empty task_id');
  return { task_id: id, status: 'QUEUING' };
}

export function parseCheckData(d: unknown): CheckData {
  if (!isObj(d)) return bad('check answer without "data"');
  const st = status(d.status);
  return {
    task_id: optStr(d, 'task_id') ?? '',
    status: st,
    file_name: optStr(d, 'file_name') ?? '',
    metadata: metadata(d.metadata),
    result: st === 'SUCCESS' ? parseResult(d.result) : null,
    error: optStr(d, 'error'),
    progress: progress(d.progress),
    warnings: warningList(d.warnings),
  };
}

export function parseUsageData(d: unknown): UsageData {
  if (!isObj(d)) return bad('usage answer without "data"');
  return {
    remaining_paid_pages: num(d.remaining_paid_pages) ?? 0,
    remaining_free_pages_today: num(d.remaining_free_pages_today) ?? 0,
    remaining_free_pages_this_month: num(d.remaining_free_pages_this_month) ?? 0,
    ...(typeof d.dashboard_url === 'string' ? { dashboard_url: d.dashboard_url } : {}),
  };
}
