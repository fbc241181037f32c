// Legend and type filter: one chip per block type present (its colour, name and count). A click
// shows/hides the type's boxes (and its inspector rows); Alt+click shows that type only.
import type { RefObject } from 'react';
import { useT, useLocale } from '../../i18n/index.ts';
import { typeColor, sortTypes } from './colors.ts';
import { useReview, useReviewContext } from './context.tsx';
import { typeLabel } from './type-names.ts';
import { Search } from './Toolbar.tsx';

/** The legend row also holds find-in-document (right-aligned). */
export function Legend({ searchRef }: { searchRef: RefObject<HTMLInputElement | null> }) {
  const t = useT();
  const locale = useLocale();
  const { doc, store } = useReviewContext();
  const hidden = useReview((s) => s.hidden);
  const types = sortTypes(doc.model.types);
  return (
    <div className="rv-legendbar">
      <div className="rv-legend" role="group" aria-label={t('review.legend')} data-testid="legend">
        {types.map(({ type, count }) => {
          const on = !hidden.has(type);
          const label = typeLabel(type, locale);
          return (
            <button
              key={type}
              type="button"
              className="rv-chip"
              aria-pressed={on}
              data-type={type}
              aria-label={t('review.typeChip', { type: label, count, state: on ? t('review.shown') : t('review.hidden') })}
              onClick={(e) => (e.altKey ? store.getState().showOnly(type) : store.getState().toggleType(type))}
            >
              <span className="rv-swatch" style={{ background: on ? typeColor(type) : 'transparent', borderColor: typeColor(type) }} aria-hidden="true" />
              {label}{' '}
              <span className="rv-count">{count}</span>
            </button>
          );
        })}
        {hidden.size > 0 && (
          <button type="button" className="rv-chip rv-chip-reset" onClick={() => store.getState().showOnly(null)}>
            {t('review.showAll')}
          </button>
        )}
      </div>
      <Search inputRef={searchRef} />
    </div>
  );
}
