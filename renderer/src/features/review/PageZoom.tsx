// The toolbar's page and zoom controls: page N of M with previous/next, and zoom out/in with a choice of
// fit width, fit page or a percent step (the current percent shown beside a fit mode).
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { useReview, useReviewContext } from './context.tsx';
import { ZOOM_STEPS } from './store.ts';

export function PageInput() {
  const t = useT();
  const { doc, store } = useReviewContext();
  const page = useReview((s) => s.page);
  const total = doc.model.pages.length;
  const [text, setText] = useState(String(page + 1));
  useEffect(() => setText(String(page + 1)), [page]);
  const commit = () => {
    const n = Number.parseInt(text, 10);
    if (Number.isFinite(n)) store.getState().gotoPage(n - 1);
    else setText(String(page + 1));
  };
  return (
    <span className="rv-pageinput">
      <button
        type="button"
        className="icon-btn"
        aria-label={t('review.prevPage')}
        title={t('review.prevPage')}
        onClick={() => store.getState().stepPage(-1)}
        disabled={page <= 0}
      >
        ‹
      </button>
      <input
        type="text"
        inputMode="numeric"
        aria-label={t('review.pageInput')}
        data-testid="page-input"
        value={text}
        size={Math.max(2, String(total).length)}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      <span className="muted" data-testid="page-total">
        {t('review.pageOf', { total })}
      </span>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('review.nextPage')}
        title={t('review.nextPage')}
        onClick={() => store.getState().stepPage(1)}
        disabled={page >= total - 1}
      >
        ›
      </button>
    </span>
  );
}

export function ZoomControl() {
  const t = useT();
  const { store } = useReviewContext();
  const zoom = useReview((s) => s.zoom);
  const percent = useReview((s) => s.percent);
  const value = zoom.kind === 'percent' ? `p${zoom.value}` : zoom.kind;
  const options = ZOOM_STEPS.map((z) => ({ v: `p${z}`, label: `${z}%` }));
  if (zoom.kind === 'percent' && !ZOOM_STEPS.includes(zoom.value)) options.push({ v: value, label: `${zoom.value}%` });
  return (
    <span className="rv-zoom">
      <button
        type="button"
        className="icon-btn"
        aria-label={t('review.zoomOut')}
        title={t('review.zoomOut')}
        onClick={() => store.getState().stepZoom(-1)}
      >
        −
      </button>
      <select
        aria-label={t('review.zoom')}
        data-testid="zoom-select"
        value={value}
        onChange={(e) => {
          const v = e.target.value;
          if (v === 'fit-width' || v === 'fit-page') store.getState().setZoom({ kind: v });
          else store.getState().setZoom({ kind: 'percent', value: Number(v.slice(1)) });
        }}
      >
        <option value="fit-width">
          {t('review.fitWidth')}
          {zoom.kind === 'fit-width' ? ` (${Math.round(percent)}%)` : ''}
        </option>
        <option value="fit-page">
          {t('review.fitPage')}
          {zoom.kind === 'fit-page' ? ` (${Math.round(percent)}%)` : ''}
        </option>
        {options.map((o) => (
          <option key={o.v} value={o.v}>
            {o.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('review.zoomIn')}
        title={t('review.zoomIn')}
        onClick={() => store.getState().stepZoom(1)}
      >
        +
      </button>
    </span>
  );
}
