// The JSON inspector: pages → blocks as a virtualised tree (filter by page and by the type chips),
// linked to the other panes; the selected block's fields below it.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import { BlockDetails } from './BlockDetails.tsx';
import { BlockRow } from './BlockRow.tsx';
import { useReview, useReviewContext } from './context.tsx';
import { onRovingKey, rovingTabIndex } from './roving.ts';
import { typeLabel } from './type-names.ts';

type Row = { kind: 'page'; page: number; count: number } | { kind: 'block'; g: number };
/** The height of a row (px); BlockRow.tsx is one of them. */
const ROW_H = 26;

/** "Block type" filter: all types, or one only (the legend's chips give finer control). */
function TypeSelect() {
  const t = useT();
  const locale = useLocale();
  const { doc, store } = useReviewContext();
  const hidden = useReview((s) => s.hidden);
  const shown = doc.model.types.filter((x) => !hidden.has(x.type));
  const value = hidden.size === 0 ? '' : shown.length === 1 ? shown[0]!.type : '*';
  return (
    <select
      aria-label={t('review.typeFilter')}
      value={value}
      onChange={(e) => store.getState().showOnly(e.target.value || null)}
    >
      <option value="">{t('review.allTypes')}</option>
      {value === '*' && <option value="*">…</option>}
      {doc.model.types.map((x) => (
        <option key={x.type} value={x.type}>
          {typeLabel(x.type, locale)} ({x.count})
        </option>
      ))}
    </select>
  );
}

export function Inspector() {
  const t = useT();
  const { doc, store } = useReviewContext();
  const hidden = useReview((s) => s.hidden);
  const pageFilter = useReview((s) => s.inspectorPage);
  const selected = useReview((s) => s.selected);
  const hovered = useReview((s) => s.hovered);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  // The tree's one Tab stop (roving.ts): ↑/↓ move it and select the block under it.
  const [focusRow, setFocusRow] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);

  const rows = useMemo(() => {
    const out: Row[] = [];
    const pages = pageFilter >= 0 ? doc.model.pages.filter((p) => p.index === pageFilter) : doc.model.pages;
    for (const p of pages) {
      const at = out.length;
      let count = 0;
      out.push({ kind: 'page', page: p.index, count: 0 });
      for (let g = p.first; g < p.first + p.count; g++) {
        if (hidden.has(doc.model.blocks[g]!.type)) continue;
        count++;
        if (!collapsed.has(p.index)) out.push({ kind: 'block', g });
      }
      out[at] = { kind: 'page', page: p.index, count };
    }
    return out;
  }, [doc, hidden, pageFilter, collapsed]);
  const rowOfBlock = useMemo(() => {
    const m = new Map<number, number>();
    for (const [i, r] of rows.entries()) if (r.kind === 'block') m.set(r.g, i);
    return m;
  }, [rows]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 8,
  });

  // Reveal the selected (or hovered-from-elsewhere) block's row.
  const hoverOrigin = useReview((s) => s.hoverOrigin);
  const seq = useReview((s) => s.seq);
  const target = hovered >= 0 && hoverOrigin !== 'inspector' ? hovered : selected;
  // biome-ignore lint/correctness/useExhaustiveDependencies: seq: selecting the same block again reveals it again
  useEffect(() => {
    const r = rowOfBlock.get(target);
    const el = scrollRef.current;
    if (r === undefined || !el) return;
    const top = r * ROW_H;
    if (top < el.scrollTop || top + ROW_H > el.scrollTop + el.clientHeight)
      virtualizer.scrollToIndex(r, { align: 'center' });
  }, [target, seq, rowOfBlock, virtualizer]);
  useEffect(() => {
    const r = rowOfBlock.get(selected);
    if (r !== undefined) setFocusRow(r);
  }, [selected, rowOfBlock]);
  const active = Math.min(focusRow, rows.length - 1);
  const items = virtualizer.getVirtualItems();
  const moveTo = (i: number) => {
    setFocusRow(i);
    const row = rows[i]!;
    if (row.kind === 'block') store.getState().select(row.g, 'inspector');
    virtualizer.scrollToIndex(i);
  };
  const toggle = (page: number) => {
    const next = new Set(collapsed);
    if (next.has(page)) next.delete(page);
    else next.add(page);
    setCollapsed(next);
  };
  // A tree's ←/→: a page row folds (←) or unfolds (→); ← on a block goes up to its page row.
  const treeTarget = (i: number, key: string): number | null => {
    const row = rows[i];
    if (!row || (key !== 'ArrowLeft' && key !== 'ArrowRight')) return null;
    if (row.kind === 'page') {
      if (collapsed.has(row.page) === (key === 'ArrowRight')) toggle(row.page);
      return i;
    }
    if (key === 'ArrowRight') return i;
    let up = i;
    while (up > 0 && rows[up]!.kind !== 'page') up--;
    return up;
  };

  return (
    <section className="rv-inspector" aria-label={t('review.inspectorPane')} data-testid="inspector">
      <div className="rv-pane-head rv-inspector-head">
        <TypeSelect />
        <label className="rv-inline">
          <select
            value={pageFilter}
            onChange={(e) => store.getState().setInspectorPage(Number(e.target.value))}
            aria-label={t('review.pageFilter')}
          >
            <option value={-1}>{t('review.allPages')}</option>
            {doc.model.pages.map((p) => (
              <option key={p.index} value={p.index}>
                {t('review.pageN', { n: p.index + 1 })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: the inspector's rows with one Tab stop (roving), not form fields */}
      <div
        ref={scrollRef}
        className="rv-tree"
        role="group"
        aria-label={t('review.inspectorPane')}
        tabIndex={-1}
        onKeyDown={(e) => onRovingKey(e, rows.length, moveTo, treeTarget)}
      >
        {rows.length === 0 && <p className="rv-empty">{t('review.noBlocks')}</p>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((it) => {
            const row = rows[it.index]!;
            const style = { transform: `translateY(${it.start}px)`, height: ROW_H };
            if (row.kind === 'page') {
              const open = !collapsed.has(row.page);
              return (
                <button
                  key={`p${row.page}`}
                  type="button"
                  aria-expanded={open}
                  data-i={it.index}
                  tabIndex={rovingTabIndex(it.index, active, items)}
                  className="rv-row rv-row-page"
                  style={style}
                  title={t(open ? 'review.collapse' : 'review.expand', { n: row.page + 1 })}
                  onClick={() => toggle(row.page)}
                >
                  <span aria-hidden="true">{open ? '▾' : '▸'}</span> {t('review.pageN', { n: row.page + 1 })}
                  {doc.model.pages[row.page]!.merged && <span className="rv-merged-inline">{t('review.merged')}</span>}
                  <span className="muted rv-row-count">{t('review.blocksCount', { n: row.count })}</span>
                </button>
              );
            }
            return (
              <BlockRow
                key={`b${row.g}`}
                g={row.g}
                index={it.index}
                tabIndex={rovingTabIndex(it.index, active, items)}
                style={style}
                selected={row.g === selected}
                hovered={row.g === hovered}
              />
            );
          })}
        </div>
      </div>
      <BlockDetails />
    </section>
  );
}
