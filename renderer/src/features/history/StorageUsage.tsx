// Storage used by cached results ('storage:usage'): a line for Settings and the history header.
// Refreshes when a task finishes or is removed, and whenever `refreshKey` changes.
import { useEffect, useState } from 'react';
import type { Res } from '../../../../shared/ipc-contract.ts';
import { useT } from '../../i18n/index.ts';
import { invoke } from '../../lib/ipc.ts';
import { useResultsVersion } from './useResultsVersion.ts';
import { formatBytes } from '../../lib/format.ts';
import './messages.ts';

export type Usage = Res<'storage:usage'>;

/** The current usage (undefined while loading, null when it failed); re-read on result changes. */
function useStorageUsage(refreshKey?: unknown): Usage | null | undefined {
  const [usage, setUsage] = useState<Usage | null | undefined>(undefined);
  const tick = useResultsVersion();

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey and tick only ask for the usage again
  useEffect(() => {
    let live = true;
    void invoke('storage:usage', undefined).then((res) => {
      if (live) setUsage(res.ok ? res.value : null);
    });
    return () => {
      live = false;
    };
  }, [refreshKey, tick]);

  return usage;
}

/** "Results stored: 12 MB in 5 result(s)", optionally with the data folder. Place it in Settings. */
export function StorageUsage({ showFolder = true, refreshKey }: { showFolder?: boolean; refreshKey?: unknown }) {
  const t = useT();
  const usage = useStorageUsage(refreshKey);
  return (
    <div className="hist-storage" role="status" aria-label={t('history.storageLabel')} data-testid="storage-usage">
      {usage ? (
        <>
          <span>{t('history.storage', { size: formatBytes(usage.bytes), n: usage.items })}</span>
          {showFolder && (
            <span className="muted">
              {' · '}
              {t('history.storageFolder')}: <code>{usage.dataDir}</code>
            </span>
          )}
        </>
      ) : usage === null ? (
        <span className="muted">{t('history.storageUnknown')}</span>
      ) : null}
    </div>
  );
}
