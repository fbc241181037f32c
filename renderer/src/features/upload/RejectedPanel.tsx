// Files that were not added, grouped by reason: each reason once, with the way out of it (the same
// sentence the failed task's box gives, from describeError), then its files, each with what is
// particular to it (its size over the limit) and a Dismiss that leaves the focus in place; the panel
// stays until dismissed.
import { useRef } from 'react';
import { useT, type TFunction } from '../../i18n/index.ts';
import { describeError, type ErrorText } from '../../i18n/errors.ts';
import { useUpload } from './store.ts';
import type { Rejection } from './validate.ts';
import { Icon } from '../../components/Icon.tsx';
import './messages.ts';

interface Group {
  text: ErrorText;
  /** index: in the store's list; at: the row's place in the panel (reasons grouped). */
  files: { rejection: Rejection; index: number; at: number; detail: string | null }[];
}

/** What the raw message adds about this file: nothing when it is the file's own extension (".txt") or
 * restates the reason about it by name ("a.pdf is empty"), both already on the row. */
function particular(detail: string | null, name: string): string | null {
  if (!detail) return null;
  const ext = /\.[^.]*$/.exec(name)?.[0] ?? '';
  return detail === '—' || detail.toLowerCase() === ext.toLowerCase() || detail.startsWith(name) ? null : detail;
}

/** Rejections by reason (code), in the order the reasons first appear. */
function byReason(rejected: readonly Rejection[], t: TFunction): Group[] {
  const groups = new Map<string, Group>();
  rejected.forEach((rejection, index) => {
    const text = describeError(rejection.error, t);
    let group = groups.get(text.code);
    if (!group) groups.set(text.code, (group = { text, files: [] }));
    group.files.push({ rejection, index, at: 0, detail: particular(text.detail, rejection.name) });
  });
  let at = 0;
  for (const group of groups.values()) for (const file of group.files) file.at = at++;
  return [...groups.values()];
}

export function RejectedPanel() {
  const t = useT();
  const rejected = useUpload((s) => s.rejected);
  const dismiss = useUpload((s) => s.dismissRejected);
  const ref = useRef<HTMLElement>(null);
  if (rejected.length === 0) return null;

  // The focus stays on the panel's next Dismiss (the same place in the list), else on the drop zone.
  const dismissAt = (index: number | undefined, at: number) => {
    dismiss(index);
    requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const left = ref.current?.querySelectorAll<HTMLElement>('li .icon-btn');
      (left?.length
        ? left[Math.min(at, left.length - 1)]
        : document.querySelector<HTMLElement>('[data-testid="dropzone"]')
      )?.focus();
    });
  };

  return (
    <section
      ref={ref}
      className="rejected-panel"
      role="alert"
      aria-labelledby="rejected-title"
      data-testid="rejected-panel"
    >
      <header>
        <h2 id="rejected-title">{t('upload.rejectedTitle', { n: rejected.length })}</h2>
        <button type="button" className="btn subtle small" onClick={() => dismissAt(undefined, 0)}>
          {t('common.dismissAll')}
        </button>
      </header>
      <div className="rejected-groups">
        {byReason(rejected, t).map(({ text, files }) => (
          <div key={text.code} className="rejected-group" data-testid="rejected-group" data-code={text.code}>
            <p className="rejected-reason">{text.title}</p>
            {text.fix && (
              <p className="rejected-fix" data-testid="rejected-fix">
                {text.fix}
              </p>
            )}
            <ul aria-label={text.title}>
              {files.map(({ rejection: r, index, at, detail }) => (
                <li key={`${index}-${r.name}`}>
                  <span className="rejected-name" title={r.path ?? r.name}>
                    {r.path ?? r.name}
                  </span>
                  {detail && (
                    <span className="rejected-detail" title={detail}>
                      {detail}
                    </span>
                  )}
                  <button
                    type="button"
                    className="icon-btn small"
                    aria-label={t('upload.dismissOne', { name: r.name })}
                    title={t('upload.dismissOne', { name: r.name })}
                    onClick={() => dismissAt(index, at)}
                  >
                    <Icon name="close" size={12} />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
