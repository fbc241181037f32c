// A review button with an icon and a label that a narrow container folds away: the label is then hidden
// from sight only (it stays the accessible name) and shows as the tooltip. The review toolbar folds its
// labels below a 1100 px review, a pane header below its own width (review.css, `.rv-label`).
import type { MouseEventHandler } from 'react';
import { Icon, type IconName } from '../../components/Icon.tsx';

export function LabelButton({
  label,
  icon,
  pressed,
  onClick,
  testId,
  className = 'rv-btn',
}: {
  label: string;
  icon: IconName;
  /** A toggle's state (aria-pressed); omitted for a plain button. */
  pressed?: boolean;
  onClick: MouseEventHandler<HTMLButtonElement>;
  testId?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`${className} rv-labelbtn`}
      aria-pressed={pressed}
      onClick={onClick}
      data-testid={testId}
      title={label}
    >
      <Icon name={icon} size={14} />
      <span className="rv-label">{label}</span>
    </button>
  );
}
