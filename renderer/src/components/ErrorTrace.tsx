// The technical end of every error shown to people: "Code X" (and a note such as the attempts made), with
// the raw message from main or the service (English, for support) folded under "Details" as a disclosure.
// The failed task's box, Settings' error lines and the startup banner all end with it.
import { useT } from '../i18n/index.ts';

/** "Code X · note"; with a `detail` (the raw message), "Details · Code X · note" opens it (closed at first). */
export function ErrorTrace({ code, detail, note }: { code: string; detail: string | null; note?: string }) {
  const t = useT();
  const line = [t('common.errorCode', { code }), note].filter(Boolean).join(' · ');
  if (!detail) return <p className="muted small">{line}</p>;
  return (
    <details className="error-trace">
      <summary className="muted small">
        {t('common.details')} · {line}
      </summary>
      <p className="error-detail">{detail}</p>
    </details>
  );
}
