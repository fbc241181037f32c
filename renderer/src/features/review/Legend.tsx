// Legend and type filter: one chip per block type present (its colour, name and count). A click
// shows/hides the type's boxes (and its inspector rows); Alt+click shows that type only. One row:
// the chips that do not fit wait behind a "+N" button whose panel lists them (Esc closes it); "All types"
// ends the row in every state (disabled while all show), so toggling a type never moves the row.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import { useT, useLocale } from '../../i18n/index.ts';
import { typeColor, sortTypes } from './colors.ts';
import { useReview, useReviewContext } from './context.tsx';
import { typeLabel } from './type-names.ts';
import { Search } from './Search.tsx';

/** Room the "+N" button takes when it is not drawn yet (it is measured once it is). */
const MORE_GUESS = 40;

/**
 * How many leading chips (`:scope > [data-type]`) fit the row on one line beside "All types" (and "+N"
 * when some do not). The chips the row cannot hold are laid out of flow (`.is-out`: invisible, so
 * neither seen, tabbed to nor read, but measurable), so their widths are known without another render;
 * measured again when the row's or a chip's width changes.
 */
function useChipFit(rowRef: RefObject<HTMLElement | null>, deps: readonly unknown[]): number {
  const [fit, setFit] = useState(Number.POSITIVE_INFINITY);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again once a new fit is laid out ("+N" shown), and when the chips change (deps)
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const measure = () => {
      const chips = [...row.querySelectorAll<HTMLElement>(':scope > [data-type]')];
      if (row.clientWidth === 0) return setFit(chips.length); // not laid out (hidden): nothing to fold
      const gap = Number.parseFloat(getComputedStyle(row).columnGap) || 0;
      const fixed = [...row.querySelectorAll<HTMLElement>(':scope > .rv-chip-fixed')];
      let room = row.clientWidth - fixed.reduce((sum, el) => sum + el.offsetWidth + gap, 0);
      const widths = chips.map((el) => el.offsetWidth);
      const all = widths.reduce((sum, w) => sum + w + gap, -gap);
      if (all <= room) return setFit(chips.length);
      const more = row.querySelector<HTMLElement>(':scope > .rv-chip-more');
      room -= (more?.offsetWidth ?? MORE_GUESS) + gap;
      let n = 0;
      for (let used = -gap; n < widths.length && used + gap + widths[n]! <= room; n++) used += gap + widths[n]!;
      setFit(n);
    };
    measure();
    // The row's width, and each chip's (fonts arriving, another language): measured again.
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    for (const el of row.children) observer.observe(el);
    return () => observer.disconnect();
  }, [rowRef, fit, ...deps]);
  return fit;
}

function Chip({ type, count, out = false }: { type: string; count: number; out?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const { store } = useReviewContext();
  const on = useReview((s) => !s.hidden.has(type));
  const label = typeLabel(type, locale);
  return (
    <button
      type="button"
      className={`rv-chip${out ? ' is-out' : ''}`}
      aria-pressed={on}
      aria-hidden={out || undefined}
      tabIndex={out ? -1 : undefined}
      data-type={type}
      aria-label={t('review.typeChip', { type: label, count, state: on ? t('review.shown') : t('review.hidden') })}
      onClick={(e) => (e.altKey ? store.getState().showOnly(type) : store.getState().toggleType(type))}
    >
      <span
        className="rv-swatch"
        style={{ background: on ? typeColor(type) : 'transparent', borderColor: typeColor(type) }}
        aria-hidden="true"
      />
      {label} <span className="rv-count">{count}</span>
    </button>
  );
}

/** The legend row also holds find-in-document (right-aligned). */
export function Legend({ searchRef }: { searchRef: RefObject<HTMLInputElement | null> }) {
  const t = useT();
  const locale = useLocale();
  const { doc, store } = useReviewContext();
  const anyHidden = useReview((s) => s.hidden.size > 0);
  const types = sortTypes(doc.model.types);
  const rowRef = useRef<HTMLDivElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const fit = Math.min(types.length, useChipFit(rowRef, [types.length, locale, anyHidden]));
  const rest = types.slice(fit);
  const [open, setOpen] = useState(false);
  const isOpen = open && rest.length > 0;

  // A press outside the button and its panel closes the panel.
  useEffect(() => {
    if (!isOpen) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !moreRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [isOpen]);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !isOpen) return;
    e.stopPropagation(); // not the review's Esc (clear selection)
    setOpen(false);
    moreRef.current?.focus();
  };

  return (
    <div className="rv-legendbar">
      {/* biome-ignore lint/a11y/useSemanticElements: a set of toggle buttons, not form fields: <fieldset> groups form controls */}
      <div
        ref={rowRef}
        className="rv-legend"
        role="group"
        aria-label={t('review.legend')}
        data-testid="legend"
        onKeyDown={onKey}
      >
        {types.map(({ type, count }, i) => (
          <Chip key={type} type={type} count={count} out={i >= fit} />
        ))}
        {rest.length > 0 && (
          <button
            ref={moreRef}
            type="button"
            className="rv-chip rv-chip-more"
            aria-expanded={isOpen}
            aria-controls={isOpen ? panelId : undefined}
            aria-label={t('review.moreTypes', { n: rest.length })}
            title={t('review.moreTypesPanel')}
            data-testid="legend-more"
            onClick={() => setOpen(!isOpen)}
          >
            +{rest.length}
          </button>
        )}
        {isOpen && (
          // biome-ignore lint/a11y/useSemanticElements: a set of toggle buttons, not form fields: <fieldset> groups form controls
          <div
            ref={panelRef}
            id={panelId}
            className="rv-legend-panel"
            role="group"
            aria-label={t('review.moreTypesPanel')}
            data-testid="legend-overflow"
          >
            {rest.map(({ type, count }) => (
              <Chip key={type} type={type} count={count} />
            ))}
          </div>
        )}
        {/* Always there (disabled while every type shows), so hiding a type does not take room from the chips. */}
        <button
          type="button"
          className="rv-chip rv-chip-reset rv-chip-fixed"
          data-testid="legend-all"
          disabled={!anyHidden}
          onClick={() => store.getState().showOnly(null)}
        >
          {t('review.showAll')}
        </button>
      </div>
      <Search inputRef={searchRef} />
    </div>
  );
}
