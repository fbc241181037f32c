// Request fields → parse parameters, with the documented defaults applied per key (null = default)
// and every problem reported at once as code 1133.
import {
  DEFAULT_ELEMENT_FORMATS,
  DEFAULT_FEATURE_CONFIG,
  OUTPUT_FORMATS,
  type ElementFormats,
  type FeatureConfig,
  type OutputFormat,
} from '../../shared/somark.ts';
import { EngineError, ErrorCodes } from '../errors.ts';
import type { ParsedForm } from './form.ts';
import { OCR_LANGUAGES, parsePageRange, type OcrLanguage } from '../../shared/file-options.ts';
import type { OcrSettings } from '../model.ts';

export interface ParseParams {
  formats: OutputFormat[];
  elementFormats: ElementFormats;
  featureConfig: FeatureConfig;
  /** Local extension: the password of a protected PDF (used to open it; never stored or logged). */
  password?: string;
  /** Local extensions `ocr` (true/false) and `ocr_lang` (auto, en, zh): this task's OCR; absent: the engine's. */
  ocr?: OcrSettings;
  /** Local extension `page_range` ("1-3,5"): the 1-based pages to parse, sorted; absent: every page. */
  pages?: number[];
}

const ELEMENT_VALUES: { [K in keyof ElementFormats]: readonly string[] } = {
  image: ['url', 'base64', 'file', 'none'],
  formula: ['latex', 'mathml', 'ascii'],
  table: ['html', 'markdown', 'image'],
  cs: ['image', 'smiles'],
};

export function parseParams(form: ParsedForm): ParseParams {
  const problems: string[] = [];
  const formats = parseFormats(
    [...(form.fields.get('output_formats') ?? []), ...(form.fields.get('output_formats[]') ?? [])],
    problems,
  );
  const ef = { ...DEFAULT_ELEMENT_FORMATS };
  for (const [k, v] of Object.entries(jsonObject(form, 'element_formats', problems))) {
    if (!(k in ELEMENT_VALUES) || v === null || v === undefined) continue;
    const key = k as keyof ElementFormats;
    if (typeof v === 'string' && ELEMENT_VALUES[key].includes(v)) (ef as Record<string, string>)[key] = v;
    else
      problems.push(
        `element_formats.${key} must be one of ${ELEMENT_VALUES[key].join(', ')} (got ${JSON.stringify(v)})`,
      );
  }
  const fc: FeatureConfig = { ...DEFAULT_FEATURE_CONFIG };
  // Legacy names first, so the current name wins where both are sent.
  for (const field of ['feature_configs', 'extract_config', 'feature_config']) {
    for (const [k, v] of Object.entries(jsonObject(form, field, problems))) {
      if (!(k in DEFAULT_FEATURE_CONFIG) || v === null || v === undefined) continue;
      const b = toBool(v);
      if (b === null) problems.push(`${field}.${k} must be true or false (got ${JSON.stringify(v)})`);
      else fc[k as keyof FeatureConfig] = b;
    }
  }
  const ocr = ocrFields(form, problems);
  const pages = pageRange(form, problems);
  if (problems.length) throw new EngineError(ErrorCodes.PARAM_ERROR, `Parameter error: ${problems.join('; ')}`);
  const password = form.fields.get('password')?.[0];
  return {
    formats,
    elementFormats: ef,
    featureConfig: fc,
    ...(password ? { password } : {}),
    ...(ocr ? { ocr } : {}),
    ...(pages ? { pages } : {}),
  };
}

/** `ocr` and `ocr_lang` (either may come alone; the other keeps the default: on, auto). */
function ocrFields(form: ParsedForm, problems: string[]): OcrSettings | undefined {
  const on = form.fields.get('ocr')?.[0]?.trim();
  const lang = form.fields.get('ocr_lang')?.[0]?.trim().toLowerCase();
  if ((on === undefined || on === '') && (lang === undefined || lang === '')) return undefined;
  const enabled = on === undefined || on === '' ? true : toBool(on);
  if (enabled === null) problems.push(`ocr must be true or false (got ${JSON.stringify(on)})`);
  if (lang && !(OCR_LANGUAGES as readonly string[]).includes(lang))
    problems.push(`ocr_lang must be one of ${OCR_LANGUAGES.join(', ')} (got ${JSON.stringify(lang)})`);
  return { enabled: enabled ?? true, lang: (lang || 'auto') as OcrLanguage };
}

function pageRange(form: ParsedForm, problems: string[]): number[] | undefined {
  const raw = form.fields.get('page_range')?.[0];
  if (raw === undefined) return undefined;
  try {
    return parsePageRange(raw) ?? undefined;
  } catch (e) {
    problems.push((e as Error).message);
    return undefined;
  }
}

function parseFormats(raw: string[], problems: string[]): OutputFormat[] {
  const values: string[] = [];
  for (const r of raw) {
    const s = r.trim();
    if (s.startsWith('[')) {
      try {
        const arr = JSON.parse(s) as unknown;
        if (!Array.isArray(arr)) throw new Error('not an array');
        values.push(...arr.map((x) => String(x)));
      } catch {
        problems.push(`output_formats is not a valid JSON array: ${s.slice(0, 80)}`);
      }
    } else values.push(...s.split(','));
  }
  const out: OutputFormat[] = [];
  for (const v of values.map((x) => x.trim().toLowerCase()).filter(Boolean)) {
    if (!(OUTPUT_FORMATS as readonly string[]).includes(v))
      problems.push(`invalid output format "${v}" (allowed: ${OUTPUT_FORMATS.join(', ')})`);
    else if (!out.includes(v as OutputFormat)) out.push(v as OutputFormat);
  }
  return out.length ? out : ['markdown', 'json'];
}

function jsonObject(form: ParsedForm, field: string, problems: string[]): Record<string, unknown> {
  const raw = form.fields.get(field)?.[0];
  if (raw === undefined || raw.trim() === '' || raw.trim() === 'null') return {};
  try {
    const v = JSON.parse(raw) as unknown;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
    problems.push(`${field} must be a JSON object`);
  } catch {
    problems.push(`${field} is not valid JSON`);
  }
  return {};
}

function toBool(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === 'string' && /^(true|false|1|0)$/i.test(v)) return /^(true|1)$/i.test(v);
  return null;
}
