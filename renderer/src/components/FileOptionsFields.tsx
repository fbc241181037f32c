// The per-file options as controls: OCR (automatic, English, Chinese, or off) and a page range, with the
// plain word on what the shipped OCR models cannot read and on backends that ignore the options
// (shared/capabilities.ts). Used where files are submitted (upload/FileOptionsBar.tsx) and for the
// defaults in Settings (settings/FileDefaultsRow.tsx); the rules are shared/file-options.ts's.
import { useEffect, useState } from 'react';
import type { Backend } from '../../../shared/task.ts';
import { honours } from '../../../shared/capabilities.ts';
import { formatPageRange, OCR_LANGUAGES, parsePageRange, type FileOptions } from '../../../shared/file-options.ts';
import { registerMessages, useT, type TFunction } from '../i18n/index.ts';

registerMessages('fileOptions', {
  en: {
    title: 'OCR and pages',
    ocr: 'OCR',
    off: 'Off (pages without text stay pictures)',
    pages: 'Page range',
    pagesPlaceholder: 'all, or e.g. 1-3,5',
    pagesAll: 'all pages',
    badRange: 'Write pages as 2 or 2-5, separated by commas, counting from page 1.',
    notRead:
      'The OCR models shipped read English (Latin letters) and Chinese. Not supported: Japanese kana, Korean, Cyrillic, Greek, Arabic, Hindi, Thai and other scripts; their text is read wrongly or not at all.',
    ignored: '{backend} does not take these options: its files are parsed whole with its own OCR.',
  },
  'zh-CN': {
    title: 'OCR 与页码',
    ocr: 'OCR',
    off: '关闭（无文字层的页面保留为图片）',
    pages: '页码范围',
    pagesPlaceholder: '全部，或如 1-3,5',
    pagesAll: '全部页面',
    badRange: '请按 2 或 2-5 的形式填写页码，用逗号分隔，从第 1 页起。',
    notRead:
      '随附的 OCR 模型可识别英文（拉丁字母）和中文。不支持：日文假名、韩文、西里尔字母、希腊字母、阿拉伯文、印地文、泰文等文字，这些文字会识别错误或无法识别。',
    ignored: '{backend}不接受这些选项：文件将整份解析，并使用其自身的 OCR。',
  },
});

/** "OCR: Chinese · pages 2-3" (or "OCR off · all pages") for a summary line. */
export function fileOptionsSummary(o: FileOptions, t: TFunction): string {
  const ocr = o.ocr ? `${t('fileOptions.ocr')}: ${t(`ocrLang.${o.ocrLang}`)}` : t('queue.ocrOff');
  return `${ocr} · ${o.pageRange ? t('queue.pageRange', { range: o.pageRange }) : t('fileOptions.pagesAll')}`;
}

export function FileOptionsFields({
  id,
  value,
  backend,
  onChange,
}: {
  id: string;
  value: FileOptions;
  backend: Backend;
  onChange(patch: Partial<FileOptions>): void;
}) {
  const t = useT();
  const [range, setRange] = useState(value.pageRange);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setRange(value.pageRange), [value.pageRange]);
  const commit = () => {
    try {
      const pages = parsePageRange(range);
      const text = pages ? formatPageRange(pages) : '';
      setError(null);
      setRange(text);
      if (text !== value.pageRange) onChange({ pageRange: text });
    } catch {
      setError(t('fileOptions.badRange'));
    }
  };
  const ocrValue = value.ocr ? value.ocrLang : 'off';
  return (
    <div className="file-options" data-testid={`${id}-fields`}>
      <label className="file-option">
        <span>{t('fileOptions.ocr')}</span>
        <select
          id={`${id}-ocr`}
          value={ocrValue}
          data-testid={`${id}-ocr`}
          onChange={(e) => {
            const v = e.currentTarget.value;
            onChange(v === 'off' ? { ocr: false } : { ocr: true, ocrLang: v as FileOptions['ocrLang'] });
          }}
        >
          {OCR_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`ocrLang.${l}`)}
            </option>
          ))}
          <option value="off">{t('fileOptions.off')}</option>
        </select>
      </label>
      <label className="file-option">
        <span>{t('fileOptions.pages')}</span>
        <input
          id={`${id}-pages`}
          type="text"
          inputMode="numeric"
          value={range}
          placeholder={t('fileOptions.pagesPlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-pages-error` : undefined}
          data-testid={`${id}-pages`}
          onChange={(e) => setRange(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            commit();
          }}
        />
      </label>
      {error && (
        <p id={`${id}-pages-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="muted small file-options-note">{t('fileOptions.notRead')}</p>
      {!honours(backend, 'ocrLang') && (
        <p className="settings-hint warn" data-testid={`${id}-ignored`}>
          {t('fileOptions.ignored', { backend: t(`backend.${backend}`) })}
        </p>
      )}
    </div>
  );
}
