// Toast stack (bottom left, over the queue column). Errors are announced assertively, the rest
// politely. Its height is published as --toast-space so the content under it can pad its bottom.
import { useLayoutEffect, useRef } from 'react';
import { useT } from '../i18n/index.ts';
import { useUi } from '../stores/ui.ts';
import { Icon } from '../components/Icon.tsx';

export function Toasts() {
  const t = useT();
  const toasts = useUi((s) => s.toasts);
  const dismiss = useUi((s) => s.dismissToast);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--toast-space', toasts.length && el ? `${el.offsetHeight + 16}px` : '0px');
    publish();
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(publish); // wrapping changes with the window width
    observer.observe(el);
    return () => observer.disconnect();
  }, [toasts]);
  return (
    <div ref={ref} className="toasts" role="region" aria-label={t('toast.region')}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast ${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <div className="toast-text">
            <span>{toast.message}</span>
            {toast.detail && <span className="toast-detail">{toast.detail}</span>}
          </div>
          <button type="button" className="icon-btn" aria-label={t('common.dismiss')} onClick={() => dismiss(toast.id)}>
            <Icon name="close" size={12} />
          </button>
        </div>
      ))}
    </div>
  );
}
