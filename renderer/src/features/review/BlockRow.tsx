// One block's row in the inspector's tree: its type colour, number, type name and content on one line;
// pressed when selected, and hovering it highlights the block in the other panes.
import type { CSSProperties } from 'react';
import { footnoteParts } from '../../components/markdown/footnotes.ts';
import { useLocale } from '../../i18n/index.ts';
import { typeColor } from './colors.ts';
import { useReviewContext } from './context.tsx';
import { typeLabel } from './type-names.ts';

/** A block's content on one line, footnote references as superscript labels (as the Markdown pane). */
const preview = (s: string, code: boolean) =>
  code
    ? s.replace(/\s+/g, ' ').slice(0, 90)
    : footnoteParts(s.replace(/\s+/g, ' '), 90).map((p, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, never reordered: the place is the identity
        p.mark ? <sup key={i}>{p.text}</sup> : p.text,
      );

export function BlockRow({
  g,
  index,
  tabIndex,
  style,
  selected,
  hovered,
}: {
  g: number;
  index: number;
  tabIndex: number;
  style: CSSProperties;
  selected: boolean;
  hovered: boolean;
}) {
  const locale = useLocale();
  const { doc, store } = useReviewContext();
  const b = doc.model.blocks[g]!;
  const cls = ['rv-row', 'rv-row-block', selected && 'is-selected', hovered && 'is-hovered'].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      aria-pressed={selected}
      data-i={index}
      tabIndex={tabIndex}
      className={cls}
      style={style}
      data-g={g}
      data-testid="inspector-row"
      onClick={() => store.getState().select(g, 'inspector')}
      onMouseEnter={() => store.getState().hover(g, 'inspector')}
      onMouseLeave={() => store.getState().unhover('inspector')}
    >
      <span
        className="rv-swatch"
        style={{ background: typeColor(b.type), borderColor: typeColor(b.type) }}
        aria-hidden="true"
      />
      <span className="rv-row-idx">{b.block.idx}</span>
      <span className="rv-row-type">{typeLabel(b.type, locale)}</span>
      <span className="rv-row-text">{preview(b.block.content ?? '', b.type === 'code')}</span>
    </button>
  );
}
