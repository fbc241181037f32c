// The technical end of every error shown to people: "Code X" (and a note such as the attempts made), with
// the raw message from main or the service (English, for support) folded under it as a disclosure.
// The failed task's box, Settings' error lines and the startup banner all end with it.
import { useT } from '../i18n/index.ts';

/** "Code X · note"; `detail` (the raw message) folds under it, closed; without one, just the line. */
export function ErrorTrace({ code, detail, note }: { code: string; detail: string | null; note?: string }) {
  const t = useT();
  const line = [t('common.errorCode', { code }), note].filter(Boolean).join(' · ');
  if (!detail) return <p className="muted small">{line}</p>;
  return (
    <details className="error-trace">
      <summary className="muted small">{line}</summary>
      <p className="error-detail">{detail}</p>
    </details>
  );
}
