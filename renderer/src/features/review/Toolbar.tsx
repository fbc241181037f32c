// The review toolbar: page N / M and zoom (PageZoom.tsx), boxes (on/off, all vs hover, reading-order
// numbers), sync scroll and the side panels. Every control has an accessible name.
import { useShallow } from 'zustand/react/shallow';
import type { IconName } from '../../components/Icon.tsx';
import { useT } from '../../i18n/index.ts';
import { useReview, useReviewContext } from './context.tsx';
import { LabelButton } from './LabelButton.tsx';
import { PageInput, ZoomControl } from './PageZoom.tsx';

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

export function Toolbar() {
  const t = useT();
  const { doc, store } = useReviewContext();
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
