// Joining pieces of a document as the Markdown writer and the engine's assembly do: running text (de-hyphenated,
// no space between CJK chars) and the rows of a table a column or page break cut in two. Pure.

export const CJK_CHAR =
  /[\u1100-\u11ff\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
const CJK_NO_SPACE = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Bullet glyphs at the start of a line (the writer turns them into "- "). */
export const BULLET_GLYPH = /^\s*[•●▪◦■□◆◇‣∙➢➤►▶✓✔❖○◼]\s*/;

const HYPHEN_END = /[A-Za-z\u00c0-\u024f]-$/;

/** Joins two pieces of running text: de-hyphenates "infor-" + "mation", no space between CJK chars. */
export function joinText(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  const last = a[a.length - 1],
    first = b[0];
  if (HYPHEN_END.test(a) && /^[a-z\u00df-\u00ff]/.test(b)) return a.slice(0, -1) + b;
  if (HYPHEN_END.test(a) && /^[A-Z0-9]/.test(b)) return a + b; // compound names: "Soekarno-" + "Hatta"
  if (CJK_NO_SPACE.test(last) && CJK_NO_SPACE.test(first)) return a + b;
  if (/\s/.test(last) || /\s/.test(first)) return a + b;
  return `${a} ${b}`;
}

/** Table `b`'s rows appended to table `a` (HTML), without a first row that repeats `a`'s header row. */
export function joinTables(a: string, b: string): string {
  const first = (h: string) => /<tr>.*?<\/tr>/.exec(h)?.[0] ?? '';
  const rows = b.replace(/^<table>|<\/table>$/g, '');
  const rest = first(a) && first(a) === first(b) ? rows.slice(first(b).length) : rows;
  return a.replace(/<\/table>$/, `${rest}</table>`);
}
