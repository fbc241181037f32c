// Toast stack (bottom right). Errors are announced assertively, the rest politely.
import { useT } from '../i18n/index.ts';
import { useUi } from '../stores/ui.ts';
import { Icon } from '../components/Icon.tsx';

export function Toasts() {
  const t = useT();
  const toasts = useUi((s) => s.toasts);
  const dismiss = useUi((s) => s.dismissToast);
  return (
    <div className="toasts" role="region" aria-label={t('toast.region')}>
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
