// Find in the document: the query (searched a little after the last key), the hit count, and previous/next
// hit (Enter, Shift+Enter; Escape clears). It sits in the legend's row, beside the chips.
import { useEffect, useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import { useT } from '../../i18n/index.ts';
import { useReview, useReviewContext } from './context.tsx';

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
    <search className="rv-search">
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
    </search>
  );
}
