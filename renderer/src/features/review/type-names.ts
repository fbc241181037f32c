// The one table of block-type names a person reads (legend, type filter, inspector tree, the selected
// block's heading), English and Simplified Chinese, keyed by the service's raw type. The inspector's
// "Type" field shows the raw value; a type not in the table is shown as the service spells it.
import type { BlockType } from '../../../../shared/somark.ts';
import type { Locale } from '../../i18n/index.ts';

const NAMES: Record<BlockType, Record<Locale, string>> = {
  text: { en: 'Text', 'zh-CN': '文本' },
  title: { en: 'Title', 'zh-CN': '标题' },
  figure: { en: 'Figure', 'zh-CN': '图片' },
  figure_caption: { en: 'Figure caption', 'zh-CN': '图注' },
  table: { en: 'Table', 'zh-CN': '表格' },
  table_caption: { en: 'Table caption', 'zh-CN': '表注' },
  equation: { en: 'Equation', 'zh-CN': '公式' },
  header: { en: 'Header', 'zh-CN': '页眉' },
  footer: { en: 'Footer', 'zh-CN': '页脚' },
  sider: { en: 'Sidebar', 'zh-CN': '侧栏' },
  footnote: { en: 'Footnote', 'zh-CN': '脚注' },
  cate: { en: 'Table of contents', 'zh-CN': '目录' },
  cate_item: { en: 'TOC entry', 'zh-CN': '目录项' },
  choice: { en: 'Choice', 'zh-CN': '选项' },
  code: { en: 'Code', 'zh-CN': '代码' },
  blank: { en: 'Blank', 'zh-CN': '空白' },
  reference: { en: 'Reference', 'zh-CN': '参考文献' },
  qrcode: { en: 'QR code', 'zh-CN': '二维码' },
  stamp: { en: 'Stamp', 'zh-CN': '印章' },
  cs: { en: 'Chemical structure', 'zh-CN': '化学结构' },
  cs_equation: { en: 'Chemical equation', 'zh-CN': '化学方程式' },
};

/** A block type's name in the UI language (an unknown type: the service's name, underscores as spaces). */
export function typeLabel(type: string, locale: Locale): string {
  return Object.hasOwn(NAMES, type) ? NAMES[type as BlockType][locale] : type.replace(/_/g, ' ');
}
