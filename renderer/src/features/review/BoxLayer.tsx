// The blocks of one page drawn over it: a box per block, coloured by type, scaled from page_size to
// the drawn page with shared/bbox.ts. Hover and click link to the Markdown and the inspector.
import { memo, useMemo } from 'react';
import type { CSSProperties, MouseEvent } from 'react';
import { bboxArea, scaleBBox } from '../../../../shared/bbox.ts';
import { useT } from '../../i18n/index.ts';
import { typeColor, withAlpha } from './colors.ts';
import { useReview, useReviewContext } from './context.tsx';
import { pageBlocks } from './model.ts';

interface Props {
  page: number;
  width: number;
  height: number;
}

const gOf = (e: MouseEvent): number => {
  const el = (e.target as HTMLElement).closest<HTMLElement>('[data-g]');
  return el ? Number(el.dataset.g) : -1;
};

export const BoxLayer = memo(function BoxLayer({ page, width, height }: Props) {
  const t = useT();
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
    () => pageBlocks(doc.model, page).filter((b) => b.bbox).sort((a, b) => bboxArea(b.bbox!) - bboxArea(a.bbox!)),
    [doc, page],
  );
  const target = { w: width, h: height };

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

  return (
    <div className="rv-boxes" onClick={onClick} onMouseOver={onOver} onMouseOut={onOut}>
      {blocks.map((b) => {
        const isSel = b.g === selected;
        const isHov = b.g === hovered;
        const typeHidden = hidden.has(b.type);
        if (typeHidden && !isSel) return null;
        const ghost = !isSel && !isHov && (!showBoxes || boxMode === 'hover');
        if (!showBoxes && !isSel && !isHov) return null;
        const r = scaleBBox(b.bbox!, info.size, target);
        const color = typeColor(b.type);
        const style: CSSProperties = {
          left: r.left,
          top: r.top,
          width: r.width,
          height: r.height,
          borderColor: ghost ? 'transparent' : color,
          background: isSel ? withAlpha(color, 0.22) : isHov ? withAlpha(color, 0.14) : ghost ? 'transparent' : withAlpha(color, 0.06),
        };
        const cls = ['rv-box', isSel && 'is-selected', isHov && 'is-hovered', hits.has(b.g) && 'is-hit', ghost && 'is-ghost']
          .filter(Boolean)
          .join(' ');
        return (
          <div
            key={b.g}
            className={cls}
            style={style}
            data-g={b.g}
            data-page={page}
            data-idx={b.block.idx}
            data-type={b.type}
            data-testid="box"
            role="button"
            tabIndex={-1}
            aria-label={t('review.box', { n: b.block.idx, type: b.type })}
            aria-pressed={isSel}
          >
            {numbers && !ghost && (
              <span className="rv-box-num" style={{ background: color }} aria-hidden="true">
                {b.block.idx}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
});
