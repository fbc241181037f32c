// A notice over the review (no text on some pages, no JSON, a service warning) kept to one line, and a
// service warning's sentence in the user's language.
import { useLayoutEffect, useRef, useState } from 'react';
import { WARNING_CODES } from '../../../../shared/somark.ts';
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../i18n/index.ts';

/** A service warning ("CODE: sentence") in the user's language: known codes translated, else the sentence. */
export function warningText(w: string, t: ReturnType<typeof useT>, drawn: boolean): string {
  const m = /^([A-Z_]+):\s*(.*)$/s.exec(w);
  if (m?.[1] === WARNING_CODES.damaged) return t(drawn ? 'review.damagedDrawn' : 'review.damaged');
  if (m?.[1] === WARNING_CODES.reduced) {
    // "Page 3 is …" or "4 pages (1, 2, 5, 9) are …", then "read at N dpi".
    const pages = /^Page (\d+) is/.exec(m[2]!)?.[1] ?? /^\d+ pages \(([^)]*)\) are/.exec(m[2]!)?.[1];
    const dpi = /; read at (\d+) dpi/.exec(m[2]!)?.[1];
    if (pages && dpi) return t('review.reduced', { pages, dpi });
  }
  return t('review.warning', { message: m ? m[2]! : w });
}

/** A notice over the review (no text on some pages, no JSON, a service warning): one line, so the
 *  document keeps the height; "Details" shows it whole when the line is cut; "Dismiss" hides it for
 *  this review. The whole sentence is always in the document, for screen readers. */
export function Notice({
  text,
  role,
  testId,
  onDismiss,
}: {
  text: string;
  role: 'note' | 'status';
  testId: string;
  onDismiss: () => void;
}) {
  const t = useT();
  const textRef = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: text: a new sentence is measured again (its box may keep its size)
  useLayoutEffect(() => {
    const el = textRef.current;
    if (!el || open) return;
    const measure = () => setCut(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [open, text]);
  return (
    <div className={`rv-notice${open ? ' is-open' : ''}`} data-testid={testId}>
      <p ref={textRef} className="rv-notice-text" role={role}>
        {text}
      </p>
      {(cut || open) && (
        <button type="button" className="rv-notice-btn" aria-expanded={open} onClick={() => setOpen(!open)}>
          {t('review.noticeDetails')}
        </button>
      )}
      <button
        type="button"
        className="icon-btn rv-notice-close"
        aria-label={t('common.dismiss')}
        title={t('common.dismiss')}
        onClick={onDismiss}
      >
        <Icon name="close" size={12} />
      </button>
    </div>
  );
}
