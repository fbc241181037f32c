// Files that were not added, each with its reason; stays until dismissed.
import { useT } from '../../i18n/index.ts';
import { describeError } from '../../i18n/errors.ts';
import { useUpload } from './store.ts';
import { Icon } from '../../components/Icon.tsx';
import './messages.ts';

export function RejectedPanel() {
  const t = useT();
  const rejected = useUpload((s) => s.rejected);
  const dismiss = useUpload((s) => s.dismissRejected);
  if (rejected.length === 0) return null;

  return (
    <section className="rejected-panel" role="alert" aria-labelledby="rejected-title" data-testid="rejected-panel">
      <header>
        <h2 id="rejected-title">{t('upload.rejectedTitle', { n: rejected.length })}</h2>
        <button type="button" className="btn subtle small" onClick={() => dismiss()}>
          {t('common.dismissAll')}
        </button>
      </header>
      <ul>
        {rejected.map((r, i) => {
          const text = describeError(r.error, t);
          return (
            <li key={`${i}-${r.name}`}>
              <span className="rejected-name" title={r.path ?? r.name}>{r.path ?? r.name}</span>
              <span className="rejected-reason">
                {text.title}
                {text.detail && <span className="rejected-detail"> — {text.detail}</span>}
              </span>
              <button
                type="button"
                className="icon-btn"
                aria-label={t('upload.dismissOne', { name: r.name })}
                onClick={() => dismiss(i)}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
