// Toast stack (bottom left, over the queue column). Errors are announced assertively, the rest
// politely. Three or more at once fold into one summary ("3 notifications · 2 errors", the latest
// as its detail) that can be expanded or dismissed at once, so a burst never covers the queue.
// Its height is published as --toast-space so the content under it can pad its bottom. Toasts are put
// into words here, at render time, so they follow a language switch while they are up.
import { useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../i18n/index.ts';
import { toastLines, useUi, type Toast } from '../stores/ui.ts';
import { Icon } from '../components/Icon.tsx';

export function Toasts() {
  const t = useT();
  const toasts = useUi((s) => s.toasts);
  const dismiss = useUi((s) => s.dismissToast);
  const ref = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(false);
  const folded = toasts.length >= SUMMARY_AT && !expanded;
  if (expanded && toasts.length < SUMMARY_AT) setExpanded(false);
  useLayoutEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty('--toast-space', toasts.length && el ? `${el.offsetHeight + 16}px` : '0px');
    publish();
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(publish); // wrapping changes with the window width
    observer.observe(el);
    return () => observer.disconnect();
  }, [toasts]);
  return (
    <section ref={ref} className="toasts" aria-label={t('toast.region')}>
      {folded && <Summary onExpand={() => setExpanded(true)} />}
      {!folded && toasts.map((toast) => <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />)}
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(): void }) {
  const t = useT();
  const text = toastLines(toast, t);
  return (
    <div className={`toast ${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="toast">
      <div className="toast-text">
        <span>{text.message}</span>
        {text.detail && <span className="toast-detail">{text.detail}</span>}
      </div>
      <button type="button" className="icon-btn" aria-label={t('common.dismiss')} onClick={onDismiss}>
        <Icon name="close" size={12} />
      </button>
    </div>
  );
}

/** From this many toasts on, they fold into one summary. */
const SUMMARY_AT = 3;

function Summary({ onExpand }: { onExpand(): void }) {
  const t = useT();
  const toasts = useUi((s) => s.toasts);
  const errors = toasts.filter((x) => x.kind === 'error').length;
  const latest = toasts[toasts.length - 1]!;
  const head =
    errors > 0 ? t('toast.summaryErrors', { n: toasts.length, e: errors }) : t('toast.summary', { n: toasts.length });
  return (
    <div
      className={`toast ${errors > 0 ? 'error' : latest.kind} toast-summary`}
      role={errors > 0 ? 'alert' : 'status'}
      data-testid="toast-summary"
    >
      <div className="toast-text">
        <span>{head}</span>
        <span className="toast-detail">{t('toast.latest', { message: toastLines(latest, t).message })}</span>
        <span className="toast-actions">
          <button type="button" className="btn small" onClick={onExpand}>
            {t('toast.showAll')}
          </button>
          <button type="button" className="btn small" onClick={() => useUi.getState().dismissAll()}>
            {t('common.dismissAll')}
          </button>
        </span>
      </div>
    </div>
  );
}
