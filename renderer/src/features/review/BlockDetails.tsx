// Fields of the selected block: type, index, page, bbox in page pixels and in PDF points (from the
// PDF page's size in points, via pdf.js — never an assumed DPI), content, title_level, format,
// img_url (with the cached crop), any other fields; "copy block JSON"; a table block opens its
// "table view" (copy as CSV / TSV / Markdown).
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Size } from '../../../../shared/bbox.ts';
import { bboxToPoints, impliedDpi } from '../../../../shared/bbox.ts';
import { useLocale, useT } from '../../i18n/index.ts';
import { toast } from '../../stores/ui.ts';
import { typeColor } from './colors.ts';
import { useReview, useReviewContext } from './context.tsx';
import { blockJson } from './model.ts';
import { typeLabel } from './type-names.ts';
import { tableGrid } from './table-data.ts';
import { TableView } from './TableView.tsx';

const KNOWN = new Set(['idx', 'type', 'bbox', 'content', 'format', 'captions', 'img_url', 'title_level']);
const fmt = (b: readonly number[]) => `[${b.map((v) => Math.round(v * 100) / 100).join(', ')}]`;

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

export function BlockDetails() {
  const t = useT();
  const locale = useLocale();
  const { doc, pdf, view } = useReviewContext();
  const g = useReview((s) => s.selected);
  const fb = doc.model.blocks[g];
  const [points, setPoints] = useState<Size | null>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const content = fb?.block.content;
  const isTable = useMemo(() => typeof content === 'string' && tableGrid(content) !== null, [content]);
  useEffect(() => {
    setPoints(null);
    if (!fb || !pdf || doc.source !== 'pdf' || fb.page >= pdf.numPages) return;
    let alive = true;
    void pdf.points(fb.page).then(
      (p) => alive && setPoints(p),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [fb, pdf, doc]);

  if (!fb) {
    return (
      <div className="rv-details rv-empty">
        <p>{t('review.selectHint')}</p>
        <p className="small">{t('review.shortcuts')}</p>
      </div>
    );
  }
  const b = fb.block;
  const page = doc.model.pages[fb.page]!;
  const raw = Array.isArray(b.bbox) ? (b.bbox as number[]) : null;
  const other = Object.entries(b).filter(([k]) => !KNOWN.has(k));
  const cached = b.img_url ? view.images?.[b.img_url] : undefined;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(blockJson(fb));
      toast({ key: 'review.copied' }, 'success');
    } catch {
      toast({ key: 'review.copyFailed' }, 'error');
    }
  };
  return (
    <div className="rv-details" data-testid="block-details">
      <div className="rv-details-head">
        <span
          className="rv-swatch"
          style={{ background: typeColor(fb.type), borderColor: typeColor(fb.type) }}
          aria-hidden="true"
        />
        <strong>{typeLabel(fb.type, locale)}</strong>
        <span className="muted">
          {t('review.pageN', { n: fb.page + 1 })} · #{b.idx}
        </span>
        <span className="rv-details-actions">
          {isTable && (
            <button
              type="button"
              className="btn small"
              onClick={() => setTableOpen(true)}
              data-testid="open-table-view"
            >
              {t('review.tableView')}
            </button>
          )}
          <button type="button" className="btn small" onClick={copy} data-testid="copy-block-json">
            {t('review.copyJson')}
          </button>
        </span>
      </div>
      {tableOpen && isTable && (
        <TableView
          content={b.content as string}
          title={t('review.tableTitle', { page: fb.page + 1, idx: b.idx })}
          onClose={() => setTableOpen(false)}
        />
      )}
      <dl>
        <Field label={t('review.fieldType')}>{String(b.type)}</Field>
        <Field label={t('review.fieldIdx')}>{b.idx}</Field>
        <Field label={t('review.fieldPage')}>{`${fb.page + 1} (page_num ${page.pageNum})`}</Field>
        <Field label={t('review.fieldPageSize')}>{`${page.size.w} × ${page.size.h}`}</Field>
        <Field label={t('review.fieldBboxPx')} testId="bbox-px">
          {raw ? fmt(raw) : t('review.noBbox')}
        </Field>
        <Field label={t('review.fieldBboxPt')} testId="bbox-pt">
          {fb.bbox && points
            ? `${fmt(bboxToPoints(fb.bbox, page.size, points))} (${t('review.dpi', { dpi: impliedDpi(page.size, points) ?? '?' })})`
            : fb.bbox && doc.source === 'pdf'
              ? '…'
              : t('review.ptUnavailable')}
        </Field>
        {b.title_level !== undefined && <Field label={t('review.fieldTitleLevel')}>{String(b.title_level)}</Field>}
        <Field label={t('review.fieldFormat')}>{String(b.format ?? '')}</Field>
        {b.img_url && (
          <Field label={t('review.fieldImage')}>
            <span className="path">{b.img_url}</span>
            {cached && <img className="rv-crop" src={view.assetBase + cached} alt="" />}
          </Field>
        )}
        {Array.isArray(b.captions) && b.captions.length > 0 && (
          <Field label={t('review.fieldCaptions')}>{JSON.stringify(b.captions)}</Field>
        )}
        {other.map(([k, v]) => (
          <Field key={k} label={k}>
            {typeof v === 'string' ? v : JSON.stringify(v)}
          </Field>
        ))}
      </dl>
      <div className="rv-content-label muted">{t('review.fieldContent')}</div>
      {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a <pre> (its spaces matter) that scrolls: a named region keys can focus and scroll */}
      <pre className="rv-content" tabIndex={0} role="region" aria-label={t('review.fieldContent')}>
        {b.content}
      </pre>
    </div>
  );
}
