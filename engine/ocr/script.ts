// Which recognition model reads a line: the Chinese model reads both scripts but drops English word
// spaces, the English model keeps them; a page (or a line) of Latin text goes to the English model.

export type { OcrLanguage as OcrLang } from '../../shared/file-options.ts';

/** A Latin line: 4 characters or more, 60 % of them Latin letters; a Latin page: 80 % of its probes. */
const SCRIPT = { minChars: 4, latinLetters: 0.6, latinPage: 0.8 } as const;

const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/** Mostly Latin letters and no CJK: a line the English model reads better. */
export function isLatin(text: string): boolean {
  const s = text.replace(/\s/g, '');
  if (CJK.test(s)) return false;
  const letters = (s.match(/[A-Za-z]/g) ?? []).length;
  return s.length >= SCRIPT.minChars && letters / s.length >= SCRIPT.latinLetters;
}

/** Page verdict from a probe of its widest lines (the English model's confident reads; '' for a line it
 * could not read): Latin when 80% are. */
export function latinPage(probe: string[]): boolean {
  return latinVerdict(probe, probe.length) ?? false;
}

/** The verdict of `latinPage` on a probe of `total` lines once the first of them (`read`) settle it,
 * else null (read more). */
export function latinVerdict(read: string[], total: number): boolean | null {
  if (!total) return false;
  const need = Math.ceil(total * SCRIPT.latinPage),
    latin = read.filter(isLatin).length;
  if (latin >= need) return true;
  if (read.length - latin > total - need) return false;
  return read.length >= total ? false : null;
}

const HAN = '\\u3400-\\u9fff\\uf900-\\ufaff';
const HALF_AFTER_HAN = new RegExp(`(?<=[${HAN}])[.,](?=[${HAN}]|$)`, 'g');

/** A Chinese-model read with the half-width "." and "," it gives for a small, blurred "。" or "，" after
 * a Han character (at a line's end or before another Han character) set full width, as Chinese text has
 * them; one character for one, so positions along the line stay. */
export const fullWidthMarks = (text: string): string => text.replace(HALF_AFTER_HAN, (c) => (c === '.' ? '。' : '，'));
