// The one set of request checks: the renderer is not trusted, so every field it sends is turned into its
// contract type here or refused with CodedError('INVALID_REQUEST') and a message naming the field.
import { CodedError } from '../../../shared/result.ts';
import {
  DEFAULT_FEATURE_CONFIG,
  OUTPUT_FORMATS,
  type FeatureConfig,
  type OutputFormat,
} from '../../../shared/somark.ts';
import type { SubmitOptions } from '../../../shared/task.ts';
import { checkFileOptions, type FileOptions } from '../../../shared/file-options.ts';

export const invalid = (msg: string): never => {
  throw new CodedError('INVALID_REQUEST', msg);
};

/** A plain object (not null, not an array). */
export function record(v: unknown, msg = 'The request must be an object'): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return invalid(msg);
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) out[k] = val;
  return out;
}

/** A channel whose request carries nothing: whatever came is ignored. */
export const none = (): void => undefined;

/** undefined or null → undefined; anything else must be one of `allowed`. */
export function oneOf<T extends string>(v: unknown, allowed: readonly T[], msg: string): T {
  return allowed.find((a) => a === v) ?? invalid(msg);
}

export const optional = <T>(v: unknown, parse: (v: unknown) => T): T | undefined =>
  v === undefined || v === null ? undefined : parse(v);

export const text = (v: unknown, msg: string): string => (typeof v === 'string' ? v : invalid(msg));

export const taskId = (v: unknown): string => (typeof v === 'string' && v !== '' ? v : invalid('id must be a task id'));

/** `{ id }` of a request about one task. */
export const idOf = (req: unknown): { id: string } => ({ id: taskId(record(req).id) });

export function idList(v: unknown, field = 'ids'): string[] {
  if (!Array.isArray(v)) return invalid(`${field} must be a list of task ids`);
  const ids: string[] = [];
  for (const x of v)
    ids.push(
      typeof x === 'string' && x.length > 0 && x.length < 200 ? x : invalid(`${field} must be a list of task ids`),
    );
  return ids;
}

export function pathList(v: unknown): string[] {
  if (!Array.isArray(v)) return invalid('paths must be a list of file paths');
  const paths: string[] = [];
  for (const p of v) paths.push(typeof p === 'string' ? p : invalid('paths must be a list of file paths'));
  return paths;
}

/** An optional path: absent, null and '' all mean "none". */
export const pathOpt = (v: unknown, field: string): string | null =>
  v === undefined || v === null || v === ''
    ? null
    : typeof v === 'string' && !v.includes('\0')
      ? v
      : invalid(`${field} must be a path`);

const OPTION_KEYS = ['backend', 'mode', 'formats', 'featureConfig', 'fileOptions'];
const badOption = (msg: string): never => invalid(`Invalid options: ${msg}`);

function featureConfig(v: unknown): Partial<FeatureConfig> {
  const r = record(v, 'Invalid options: featureConfig must be an object');
  const out: Partial<FeatureConfig> = {};
  for (const key of Object.keys(r)) {
    const k = oneOf(
      key,
      Object.keys(DEFAULT_FEATURE_CONFIG) as (keyof FeatureConfig)[],
      `Invalid options: featureConfig.${key} is not a known option`,
    );
    const val = r[key];
    out[k] = typeof val === 'boolean' ? val : badOption(`featureConfig.${key} must be true or false`);
  }
  return out;
}

function formats(v: unknown): OutputFormat[] {
  const msg = `formats must be a non-empty list of ${OUTPUT_FORMATS.join(', ')}`;
  if (!Array.isArray(v) || v.length === 0) return badOption(msg);
  return v.map((f) => oneOf(f, OUTPUT_FORMATS, `Invalid options: ${msg}`));
}

/** OCR and page range, checked by the one rule (shared/file-options.ts); only the fields sent. */
function fileOptions(v: unknown): Partial<FileOptions> {
  const r = record(v, 'Invalid options: fileOptions must be an object');
  try {
    const full = checkFileOptions(r);
    return Object.fromEntries(Object.keys(r).map((k) => [k, full[k as keyof FileOptions]])) as Partial<FileOptions>;
  } catch (e) {
    return badOption((e as Error).message);
  }
}

/** Parse options of a submit or re-run; what is left out comes from the settings (queue/new-task.ts). */
export function submitOptions(v: unknown): SubmitOptions | undefined {
  if (v === undefined || v === null) return undefined;
  const r = record(v, 'options must be an object');
  for (const k of Object.keys(r)) if (!OPTION_KEYS.includes(k)) invalid(`unknown option "${k}"`);
  const o: SubmitOptions = {};
  if (r.backend !== undefined)
    o.backend = oneOf(r.backend, ['local', 'cloud'] as const, 'Invalid options: backend must be "local" or "cloud"');
  if (r.mode !== undefined)
    o.mode = oneOf(
      r.mode,
      ['auto', 'sync', 'async'] as const,
      'Invalid options: mode must be "auto", "sync" or "async"',
    );
  if (r.formats !== undefined) o.formats = formats(r.formats);
  if (r.featureConfig !== undefined) o.featureConfig = featureConfig(r.featureConfig);
  if (r.fileOptions !== undefined) o.fileOptions = fileOptions(r.fileOptions);
  return o;
}
