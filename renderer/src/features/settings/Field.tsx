// Layout primitives for the settings page: a titled section and a labelled row.
import type { ReactNode } from 'react';

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <header>
        <h2 id={`${id}-title`}>{title}</h2>
        {description && <p className="muted">{description}</p>}
      </header>
      <div className="settings-rows">{children}</div>
    </section>
  );
}

/** A row: label (and hint) on the left, the control on the right. `htmlFor` links the label. */
export function Row({
  label,
  hint,
  htmlFor,
  children,
  labelId,
}: {
  label: string;
  hint?: ReactNode;
  htmlFor?: string;
  labelId?: string;
  children: ReactNode;
}) {
  return (
    <div className="settings-row">
      <div className="settings-label">
        {htmlFor ? <label htmlFor={htmlFor}>{label}</label> : <span id={labelId}>{label}</span>}
        {hint && <div className="settings-hint">{hint}</div>}
      </div>
      <div className="settings-control">{children}</div>
    </div>
  );
}

/** Segmented radio group (theme, language, mode…). */
export function Segmented<V extends string>({
  name,
  value,
  options,
  onChange,
  labelledBy,
}: {
  name: string;
  value: V;
  options: { value: V; label: string }[];
  onChange(value: V): void;
  labelledBy?: string;
}) {
  return (
    <div className="segmented" role="radiogroup" aria-labelledby={labelledBy}>
      {options.map((o) => (
        <label key={o.value} className={o.value === value ? 'on' : undefined}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}
