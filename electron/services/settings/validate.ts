// Settings defaults and validation. Loading is lenient (bad stored fields fall back to defaults);
// updates from the renderer are strict (any bad field rejects the whole update with a clear message).
import { normalizeBaseUrl } from '../../../shared/base-url.ts';
import { CodedError } from '../../../shared/result.ts';
import {
  CLIENT_FEATURE_CONFIG,
  CLOUD_PRESETS,
  DEFAULT_FEATURE_CONFIG,
  OUTPUT_FORMATS,
  type FeatureConfig,
  type OutputFormat,
} from '../../../shared/somark.ts';
import type { Settings } from '../../../shared/task.ts';
import { MAX_FILE_BYTES } from '../../../shared/capabilities.ts';
import { checkFileOptions, DEFAULT_FILE_OPTIONS } from '../../../shared/file-options.ts';
import { isAbsolute } from 'node:path';
import { resolveSofficePath } from '../../../engine/source/office/soffice.ts';

export const DEFAULT_SETTINGS: Settings = {
  backend: 'local',
  cloudBaseUrl: CLOUD_PRESETS[0].baseUrl,
  mode: 'auto',
  syncMaxBytes: 10 * 1024 * 1024,
  syncMaxPages: 20,
  formats: ['markdown', 'json'],
  featureConfig: { ...CLIENT_FEATURE_CONFIG },
  concurrency: 2,
  language: 'system',
  theme: 'system',
  sofficePath: '',
  engineLongPollSeconds: 25,
  fileOptions: { ...DEFAULT_FILE_OPTIONS },
};

const MAX_CONCURRENCY = 8;
const MAX_SYNC_PAGES = 300;
/** The engine's long-poll hold: 25 s stays below the 30 s read timeouts of Python clients; clients that
 *  check a task once (RAGFlow's Go parser) need a hold as long as their longest task. */
export const MAX_LONG_POLL_SECONDS = 600;

/** An http(s) base URL without a trailing slash (shared/base-url.ts), or throws a CodedError saying why. */
export function baseUrlOrThrow(raw: unknown): string {
  if (typeof raw !== 'string') throw new CodedError('INVALID_URL', 'The service URL must be a string');
  const r = normalizeBaseUrl(raw);
  if (r.ok) return r.url;
  switch (r.reason) {
    case 'protocol':
      throw new CodedError('INVALID_URL', 'The service URL must start with http:// or https://');
    case 'credentials':
      throw new CodedError('INVALID_URL', 'The service URL must not contain credentials');
    default:
      // A URL that parses but was refused has a query or a fragment.
      if (r.reason === 'invalid' && URL.canParse(raw.trim()))
        throw new CodedError('INVALID_URL', 'The service URL must not contain a query or fragment');
      throw new CodedError('INVALID_URL', `"${raw}" is not a valid URL (expected e.g. https://somark.cn/api/v1)`);
  }
}

const oneOf = <T extends string>(v: unknown, allowed: readonly T[]): v is T =>
  typeof v === 'string' && (allowed as readonly string[]).includes(v);
const intIn = (v: unknown, lo: number, hi: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;

type Check = (value: unknown, current: Settings) => unknown; // returns the normalised value or throws a message

const bad = (msg: string): never => {
  throw new Error(msg);
};

const CHECKS: { [K in keyof Settings]: Check } = {
  backend: (v) => (oneOf(v, ['local', 'cloud'] as const) ? v : bad('backend must be "local" or "cloud"')),
  cloudBaseUrl: (v) => baseUrlOrThrow(v),
  mode: (v) => (oneOf(v, ['auto', 'sync', 'async'] as const) ? v : bad('mode must be "auto", "sync" or "async"')),
  syncMaxBytes: (v) =>
    intIn(v, 1, MAX_FILE_BYTES) ? v : bad(`syncMaxBytes must be an integer from 1 to ${MAX_FILE_BYTES}`),
  syncMaxPages: (v) =>
    intIn(v, 1, MAX_SYNC_PAGES) ? v : bad(`syncMaxPages must be an integer from 1 to ${MAX_SYNC_PAGES}`),
  formats: (v) => {
    if (!Array.isArray(v) || v.length === 0 || !v.every((f) => oneOf(f, OUTPUT_FORMATS))) {
      return bad(`formats must be a non-empty list of ${OUTPUT_FORMATS.join(', ')}`);
    }
    return [...new Set(v as OutputFormat[])];
  },
  featureConfig: (v, cur) => checkFeatureConfig(v, cur.featureConfig),
  concurrency: (v) =>
    intIn(v, 1, MAX_CONCURRENCY) ? v : bad(`concurrency must be an integer from 1 to ${MAX_CONCURRENCY}`),
  language: (v) =>
    oneOf(v, ['system', 'en', 'zh-CN'] as const) ? v : bad('language must be "system", "en" or "zh-CN"'),
  theme: (v) => (oneOf(v, ['system', 'light', 'dark'] as const) ? v : bad('theme must be "system", "light" or "dark"')),
  sofficePath: (v) => checkSofficePath(v),
  engineLongPollSeconds: (v) =>
    intIn(v, 0, MAX_LONG_POLL_SECONDS)
      ? v
      : bad(`engineLongPollSeconds must be an integer from 0 to ${MAX_LONG_POLL_SECONDS}`),
  fileOptions: (v, cur) => checkFileOptions(v, cur.fileOptions),
};

/** LibreOffice's soffice: '' (find it), or an absolute path to the program or to a folder that holds it
 * (install folder, LibreOffice.app), stored as the program's path. */
function checkSofficePath(v: unknown): string {
  if (typeof v !== 'string' || v.length > 4096) return bad('sofficePath must be a path of at most 4096 characters');
  const path = v.trim();
  if (!path) return '';
  if (/[\u0000-\u001f]/.test(path) || !isAbsolute(path))
    return bad(`sofficePath must be an absolute path (got "${path.slice(0, 200)}")`);
  return resolveSofficePath(path) ?? bad(`sofficePath: no runnable LibreOffice soffice program at "${path}"`);
}

/** Merges a partial feature config (booleans only, known keys only) into `base`. */
function checkFeatureConfig(v: unknown, base: FeatureConfig): FeatureConfig {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad('featureConfig must be an object');
  const out = { ...base };
  for (const [k, val] of Object.entries(v)) {
    if (!Object.hasOwn(DEFAULT_FEATURE_CONFIG, k)) bad(`featureConfig.${k} is not a known option`);
    if (typeof val !== 'boolean') bad(`featureConfig.${k} must be true or false`);
    out[k as keyof FeatureConfig] = val as boolean;
  }
  return out;
}

/** Strict: applies a partial update to `current`, or throws CodedError('INVALID_SETTINGS'). */
export function applyUpdate(current: Settings, patch: unknown): Settings {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw new CodedError('INVALID_SETTINGS', 'Settings update must be an object');
  }
  const next: Record<string, unknown> = { ...current };
  const problems: string[] = [];
  for (const [k, v] of Object.entries(patch)) {
    if (!Object.hasOwn(CHECKS, k)) {
      problems.push(`unknown setting "${k}"`);
      continue;
    }
    try {
      next[k] = CHECKS[k as keyof Settings](v, current);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  if (problems.length) throw new CodedError('INVALID_SETTINGS', `Invalid settings: ${problems.join('; ')}`);
  return next as unknown as Settings;
}

/** A settings update from the renderer, checked field by field as applyUpdate checks it (same error). */
export function assertUpdate(patch: Record<string, unknown>): asserts patch is Partial<Settings> {
  applyUpdate(DEFAULT_SETTINGS, patch);
}

/** Lenient: stored values that no longer validate fall back to the defaults, field by field. */
export function fromStored(raw: unknown): Settings {
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  if (typeof raw !== 'object' || raw === null) return out as unknown as Settings;
  for (const [k, v] of Object.entries(raw)) {
    if (!Object.hasOwn(CHECKS, k)) continue;
    try {
      out[k] = CHECKS[k as keyof Settings](v, DEFAULT_SETTINGS);
    } catch {
      // keep the default
    }
  }
  return out as unknown as Settings;
}
