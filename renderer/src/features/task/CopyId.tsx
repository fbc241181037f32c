// An id shown in monospace with a copy button (traceability: request id, service task id).
import { useT } from '../../i18n/index.ts';
import { toast } from '../../stores/ui.ts';
import { Icon } from '../../components/Icon.tsx';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** `missing`: what to say when there is no id (default: "not assigned yet"). */
export function CopyId({ label, value, missing }: { label: string; value: string | null; missing?: string }) {
  const t = useT();
  if (!value) return <span className="muted">{missing ?? t('queue.remoteNone')}</span>;
  return (
    <span className="copy-id">
      <code>{value}</code>
      <button
        type="button"
        className="icon-btn small"
        aria-label={t('task.copyLabel', { label })}
        title={t('common.copy')}
        onClick={async () => toast({ key: (await copyText(value)) ? 'common.copied' : 'task.copyFailed' }, 'info')}
      >
        <Icon name="copy" size={13} />
      </button>
    </span>
  );
}
