// One colour per block type (boxes, legend, inspector). Hues are spread so neighbouring types in a
// typical page (title / text / figure / caption / table) differ clearly; the same hue works on the
// light page raster in both themes (boxes are drawn over the page, not over the app background).

const PALETTE: Record<string, string> = {
  title: '#d6336c',
  text: '#1c7ed6',
  figure: '#2f9e44',
  figure_caption: '#66a80f',
  table: '#e8590c',
  table_caption: '#f08c00',
  equation: '#7048e8',
  header: '#868e96',
  footer: '#868e96',
  sider: '#495057',
  footnote: '#0c8599',
  cate: '#ae3ec9',
  cate_item: '#be4bdb',
  choice: '#5c940d',
  code: '#364fc7',
  blank: '#adb5bd',
  reference: '#1098ad',
  qrcode: '#c2255c',
  stamp: '#e03131',
  cs: '#087f5b',
  cs_equation: '#5f3dc4',
};

const FALLBACK = ['#9c36b5', '#0b7285', '#a61e4d', '#5f3dc4', '#2b8a3e', '#d9480f'];

/** Colour of a block type (unknown types get a stable colour from their name). */
export function typeColor(type: string): string {
  const known = PALETTE[type];
  if (known) return known;
  let h = 0;
  for (let i = 0; i < type.length; i++) h = (h * 31 + type.charCodeAt(i)) >>> 0;
  return FALLBACK[h % FALLBACK.length]!;
}

/** Known types, for the legend's order (then any others in order of appearance). */
const TYPE_ORDER = Object.keys(PALETTE);

export function sortTypes<T extends { type: string }>(types: readonly T[]): T[] {
  const rank = (t: string) => {
    const i = TYPE_ORDER.indexOf(t);
    return i === -1 ? TYPE_ORDER.length : i;
  };
  return [...types].sort((a, b) => rank(a.type) - rank(b.type));
}
