// Which recognition model reads a line: the Chinese model reads both scripts but drops English word
// spaces, the English model keeps them; a page (or a line) of Latin text goes to the English model.

export type OcrLang = 'auto' | 'en' | 'zh';

const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/** Mostly Latin letters and no CJK: a line the English model reads better. */
export function isLatin(text: string): boolean {
  const s = text.replace(/\s/g, '');
  if (CJK.test(s)) return false;
  const letters = (s.match(/[A-Za-z]/g) ?? []).length;
  return s.length >= 4 && letters / s.length >= 0.6;
}

/** Holds CJK characters. */
export const hasCjk = (text: string): boolean => CJK.test(text);

/** Page verdict from a probe of its widest lines read by the Chinese model. */
export function latinPage(probe: string[]): boolean {
  if (!probe.length) return false;
  return probe.filter(isLatin).length >= Math.ceil(probe.length * 0.8);
}
