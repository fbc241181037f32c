// The recognition switches (SoMark's feature_config) as people see them: their order, names and hints
// in English and Chinese, and a note on the ones the chosen backend ignores or always applies (which ones:
// shared/capabilities.ts); one list of checkboxes for the Settings page (with hints) and the History's
// re-run dialog (names only), so both say the same.
import { switchSupport } from '../../../../shared/capabilities.ts';
import type { FeatureConfig } from '../../../../shared/somark.ts';
import type { Backend } from '../../../../shared/task.ts';
import { registerMessages, useLocale, useT } from '../../i18n/index.ts';

/** Structure first (titles, headers, joins across pages), then images. */
export const FEATURE_ORDER: readonly (keyof FeatureConfig)[] = [
  'enable_title_level_recognition',
  'keep_header_footer',
  'enable_text_cross_page',
  'enable_table_cross_page',
  'enable_image_understanding',
  'enable_inline_image',
  'enable_table_image',
];

registerMessages('features', {
  en: {
    label: 'Recognition',
    enable_title_level_recognition: 'Recognise title levels',
    'enable_title_level_recognition.hint': 'Detect heading levels (#, ##, …) and build an outline.',
    keep_header_footer: 'Keep headers and footers',
    'keep_header_footer.hint': 'Include running headers, footers and page numbers in the text.',
    enable_text_cross_page: 'Join text across pages',
    'enable_text_cross_page.hint':
      'A paragraph cut by a page break is one paragraph in the Markdown; its boxes stay on their pages.',
    enable_table_cross_page: 'Join tables across pages',
    'enable_table_cross_page.hint':
      'A table that goes on over the next page is one table in the Markdown; its boxes stay on their pages.',
    enable_image_understanding: 'Describe images',
    'enable_image_understanding.hint': 'Add a text description of each figure.',
    enable_inline_image: 'Keep inline images',
    'enable_inline_image.hint': 'Keep small images that sit inside lines of text.',
    enable_table_image: 'Keep images inside tables',
    'enable_table_image.hint': 'Keep the pictures that sit in table cells.',
    cloudOnly: 'SoMark cloud only: the local engine leaves this out.',
    cloudOnlyShort: '(SoMark cloud only)',
    localAlways: 'The local engine always detects title levels; this switch is for SoMark cloud.',
    localAlwaysShort: '(always on locally)',
  },
  'zh-CN': {
    label: '识别选项',
    enable_title_level_recognition: '识别标题层级',
    'enable_title_level_recognition.hint': '判断标题级别（#、## 等）并生成目录。',
    keep_header_footer: '保留页眉页脚',
    'keep_header_footer.hint': '在正文中保留页眉、页脚和页码。',
    enable_text_cross_page: '跨页合并文本',
    'enable_text_cross_page.hint': '被分页截断的段落在 Markdown 中合为一段；页面上的方框仍留在各自的页。',
    enable_table_cross_page: '跨页合并表格',
    'enable_table_cross_page.hint': '延续到下一页的表格在 Markdown 中合为一张表；页面上的方框仍留在各自的页。',
    enable_image_understanding: '描述图片',
    'enable_image_understanding.hint': '为每张插图添加文字描述。',
    enable_inline_image: '保留行内图片',
    'enable_inline_image.hint': '保留嵌在文字行中的小图片。',
    enable_table_image: '保留表格内图片',
    'enable_table_image.hint': '保留表格单元格中的图片。',
    cloudOnly: '仅 SoMark 云端支持：本地引擎忽略此项。',
    cloudOnlyShort: '（仅 SoMark 云端）',
    localAlways: '本地引擎总会识别标题层级；此开关用于 SoMark 云端。',
    localAlwaysShort: '（本地始终开启）',
  },
});

/** One checkbox per switch, in FEATURE_ORDER; `hints` adds each one's explanation under its name. */
export function FeatureChecks({
  value,
  backend,
  hints,
  itemClass,
  onChange,
}: {
  value: FeatureConfig;
  backend: Backend;
  hints: boolean;
  itemClass: string;
  onChange(key: keyof FeatureConfig, on: boolean): void;
}) {
  const t = useT();
  // Before the short note: a space in English; none before Chinese full-width brackets (they bring their own).
  const gap = useLocale() === 'zh-CN' ? '' : ' ';
  return (
    <>
      {FEATURE_ORDER.map((k) => {
        const support = switchSupport(backend, k);
        const ignored = support === 'ignored',
          always = support === 'always on';
        return (
          <label key={k} className={itemClass} data-feature={k}>
            <input type="checkbox" checked={Boolean(value[k])} onChange={(e) => onChange(k, e.currentTarget.checked)} />
            {hints ? (
              <span>
                {t(`features.${k}`)}
                <span className="check-hint">{t(`features.${k}.hint`)}</span>
                {ignored && (
                  <span className="check-hint warn" data-testid="cloud-only">
                    {t('features.cloudOnly')}
                  </span>
                )}
                {always && (
                  <span className="check-hint" data-testid="local-always">
                    {t('features.localAlways')}
                  </span>
                )}
              </span>
            ) : (
              <span>
                {t(`features.${k}`)}
                {ignored && (
                  <>
                    {gap}
                    <span className="muted" data-testid="cloud-only">
                      {t('features.cloudOnlyShort')}
                    </span>
                  </>
                )}
                {always && (
                  <>
                    {gap}
                    <span className="muted" data-testid="local-always">
                      {t('features.localAlwaysShort')}
                    </span>
                  </>
                )}
              </span>
            )}
          </label>
        );
      })}
    </>
  );
}
