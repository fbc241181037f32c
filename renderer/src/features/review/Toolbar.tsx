// The review toolbar: page N / M, zoom, boxes (on/off, all vs hover, reading-order numbers), sync
// scroll, find-in-document, and the side panels. Every control has an accessible name.
import { useEffect, useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { IconName } from '../../components/Icon.tsx';
import { useT } from '../../i18n/index.ts';
import { useReview, useReviewContext } from './context.tsx';
import { LabelButton } from './LabelButton.tsx';
import { ZOOM_STEPS } from './store.ts';

function PageInput() {
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

function ZoomControl() {
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

/** A pressed/unpressed button: icon and label (folded to a tooltip in a narrow review, see LabelButton). */
function Toggle({
  on,
  label,
  icon,
  onClick,
  testId,
  className = '',
}: {
  on: boolean;
  label: string;
  icon: IconName;
  onClick: () => void;
  testId?: string;
  className?: string;
}) {
  return (
    <LabelButton
      className={`rv-toggle ${className}`.trim()}
      pressed={on}
      label={label}
      icon={icon}
      onClick={onClick}
      testId={testId}
    />
  );
}

export function Search({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const t = useT();
  const { store } = useReviewContext();
  const hits = useReview((s) => s.hits);
  const hit = useReview((s) => s.hit);
  const [text, setText] = useState('');
  // Search as you type, a little after the last key (25,000 blocks are searched each time).
  useEffect(() => {
    const id = window.setTimeout(() => store.getState().setQuery(text), 150);
    return () => window.clearTimeout(id);
  }, [text, store]);
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      store.getState().setQuery(text);
      store.getState().stepHit(e.shiftKey ? -1 : 1);
    } else if (e.key === 'Escape') {
      setText('');
      store.getState().setQuery('');
      e.currentTarget.blur();
    }
  };
  const n = hits.list.length;
  return (
    <span className="rv-search" role="search">
      <input
        ref={inputRef}
        type="search"
        aria-label={t('review.search')}
        placeholder={t('review.searchPlaceholder')}
        data-testid="search-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
      />
      {hits.query && (
        <span className="muted rv-hitcount" aria-live="polite" data-testid="hit-count">
          {n ? t('review.hitCount', { n: Math.max(hit + 1, 0), total: n }) : t('review.noHits')}
        </span>
      )}
      <button
        type="button"
        className="icon-btn"
        aria-label={t('review.prevHit')}
        title={t('review.prevHit')}
        disabled={!n}
        onClick={() => store.getState().stepHit(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('review.nextHit')}
        title={t('review.nextHit')}
        disabled={!n}
        onClick={() => store.getState().stepHit(1)}
      >
        ↓
      </button>
    </span>
  );
}

export function Toolbar() {
  const t = useT();
  const { doc, store, view } = useReviewContext();
  const s = useReview(
    useShallow((st) => ({
      boxes: st.showBoxes,
      mode: st.boxMode,
      numbers: st.numbers,
      sync: st.sync,
      thumbs: st.thumbs,
      inspector: st.inspector,
    })),
  );
  const hasBlocks = doc.model.blocks.length > 0;
  return (
    <div className="rv-toolbar" role="toolbar" aria-label={t('review.toolbar')}>
      <Toggle
        on={s.thumbs}
        label={t('review.thumbs')}
        icon="thumbs"
        onClick={() => store.getState().togglePanel('thumbs')}
        testId="toggle-thumbs"
        className="rv-thumbs-toggle"
      />
      <PageInput />
      <ZoomControl />
      {hasBlocks && (
        <span className="rv-group">
          <Toggle
            on={s.boxes}
            label={t('review.boxes')}
            icon="boxes"
            onClick={() => store.getState().toggleBoxes()}
            testId="toggle-boxes"
          />
          <select
            aria-label={t('review.boxMode')}
            value={s.mode}
            onChange={(e) => store.getState().setBoxMode(e.target.value as 'all' | 'hover')}
          >
            <option value="all">{t('review.boxModeAll')}</option>
            <option value="hover">{t('review.boxModeHover')}</option>
          </select>
          <Toggle
            on={s.numbers}
            label={t('review.numbers')}
            icon="order"
            onClick={() => store.getState().toggleNumbers()}
          />
          <Toggle
            on={s.sync}
            label={t('review.sync')}
            icon="sync"
            onClick={() => store.getState().setSync(!s.sync)}
            testId="toggle-sync"
          />
        </span>
      )}
      {hasBlocks && (
        <span className="rv-end">
          <Toggle
            on={s.inspector}
            label={t('review.inspector')}
            icon="inspector"
            onClick={() => store.getState().togglePanel('inspector')}
            testId="toggle-inspector"
          />
        </span>
      )}
    </div>
  );
}
