// The blocks of one page drawn over it: a box per block, coloured by type, scaled from page_size to
// the drawn page with shared/bbox.ts. Hover and click link to the Markdown and the inspector.
import { memo, useMemo, useState } from 'react';
import type { CSSProperties, MouseEvent } from 'react';
import { bboxArea, scaleBBox } from '../../../../shared/bbox.ts';
import { typeColor } from './colors.ts';
import { useReview, useReviewContext } from './context.tsx';
import { PAGE_GAP } from './layout.ts';
import { pageBlocks } from './model.ts';

interface Props {
  page: number;
  width: number;
  height: number;
  /** False while the pane flies past: a page that arrives then gets its boxes once it settles. */
  settled: boolean;
  /** Free CSS px left of the page (the pane's gutter), where a number may stand out of the page. */
  gutter?: number;
}

const gOf = (e: MouseEvent): number => {
  const el = (e.target as HTMLElement).closest<HTMLElement>('[data-g]');
  return el ? Number(el.dataset.g) : -1;
};

/** Badge width and height (px) the reading-order number needs outside a box. */
const BADGE_W = 18;
const BADGE_H = 13;

/** Where the reading-order number goes, always off the text: left of the box (the margin, a column gap,
 *  or the pane's gutter left of the page: `gutter` px), else above it (in the page or the gap above it:
 *  `gapAbove` px), else right of it; inside the box's corner only when none of these fits. */
export function badgePlace(
  r: { left: number; top: number; width: number },
  pageWidth: number,
  gutter = 0,
  gapAbove = 0,
): string {
  if (r.left + gutter >= BADGE_W) return '';
  if (r.top + gapAbove >= BADGE_H) return ' is-above';
  if (r.left + r.width + BADGE_W <= pageWidth) return ' is-right';
  return ' is-edge';
}

export const BoxLayer = memo(function BoxLayer({ page, width, height, settled, gutter = 0 }: Props) {
  const { doc, store } = useReviewContext();
  const info = doc.model.pages[page]!;
  const inPage = (g: number) => (g >= info.first && g < info.first + info.count ? g : -1);
  const selected = useReview((s) => inPage(s.selected));
  const hovered = useReview((s) => inPage(s.hovered));
  const hidden = useReview((s) => s.hidden);
  const showBoxes = useReview((s) => s.showBoxes);
  const boxMode = useReview((s) => s.boxMode);
  const numbers = useReview((s) => s.numbers);
  const hits = useReview((s) => s.hits.blocks);

  // Larger boxes first so nested (smaller) ones sit on top and stay clickable.
  const blocks = useMemo(
    () =>
      pageBlocks(doc.model, page)
        .filter((b) => b.bbox)
        .sort((a, b) => bboxArea(b.bbox!) - bboxArea(a.bbox!)),
    [doc, page],
  );
  const target = { w: width, h: height };
  // Pages flying by stay light (no 50 box elements each); boxes already shown stay shown.
  const [active, setActive] = useState(settled);
  if (settled && !active) setActive(true);

  const onClick = (e: MouseEvent) => {
    const g = gOf(e);
    if (g >= 0) store.getState().select(g, 'page');
  };
  const onOver = (e: MouseEvent) => {
    const g = gOf(e);
    if (g >= 0) store.getState().hover(g, 'page');
  };
  const onOut = (e: MouseEvent) => {
    const to = e.relatedTarget as HTMLElement | null;
    if (!to?.closest?.('[data-g]')) store.getState().unhover('page');
  };

  // Lean elements (one div per box, geometry and a colour variable inline, the number drawn by CSS
  // from data-n): a page brings 50 of them into the DOM as it scrolls in. The layer is hidden from
  // assistive technology; the inspector's tree is the accessible list of the same blocks (j/k too).
  return (
    // biome-ignore lint/a11y/useKeyWithMouseEvents: hovering only previews; the inspector's tree is the keyboard's way to the same blocks
    <div
      className="rv-boxes"
      onClick={onClick}
      onMouseOver={onOver}
      onMouseOut={onOut}
      aria-hidden="true"
      data-mode={boxMode}
      data-numbers={numbers ? '1' : '0'}
    >
      {active &&
        blocks.map((b) => {
          const isSel = b.g === selected;
          const isHov = b.g === hovered;
          if (hidden.has(b.type) && !isSel) return null;
          if (!showBoxes && !isSel && !isHov) return null;
          const r = scaleBBox(b.bbox!, info.size, target);
          const style = {
            left: r.left,
            top: r.top,
            width: r.width,
            height: r.height,
            '--c': typeColor(b.type),
          } as CSSProperties;
          let cls = 'rv-box';
          if (isSel) cls += ' is-selected';
          if (isHov) cls += ' is-hovered';
          if (hits.has(b.g)) cls += ' is-hit';
          cls += badgePlace(r, width, gutter, PAGE_GAP);
          return (
            <div
              key={b.g}
              className={cls}
              style={style}
              data-g={b.g}
              data-idx={b.block.idx}
              data-n={b.block.idx}
              data-type={b.block.type}
            />
          );
        })}
    </div>
  );
});
