// The History tab: every finished result in the cache, searchable by name and by text (with
// snippets), opened instantly from the cache; re-run with other options, delete one or all.
import { useEffect, useId, useRef, useState } from 'react';
import type { HistoryItem } from '../../../../shared/task.ts';
import { useLocale, useT } from '../../i18n/index.ts';
import { formatBytes, formatDateTime, formatElapsed } from '../../lib/format.ts';
import { invoke } from '../../lib/ipc.ts';
import { toast } from '../../stores/ui.ts';
import { deferredExportErrorLine } from '../export/actions.ts';
import '../export/export.css';
import { clearHistory, deleteHistoryItem, HistoryRow } from './HistoryRow.tsx';
import { RerunDialog } from './RerunDialog.tsx';
import { StorageUsage } from './StorageUsage.tsx';
import { useResultsVersion } from './useResultsVersion.ts';
import './history.css';
import './messages.ts';

const SEARCH_DELAY_MS = 200;

export function HistoryPanel({ onOpen }: { onOpen: (taskId: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<HistoryItem[] | null>(null);
  const [version, setVersion] = useState(0);
  const resultsVersion = useResultsVersion();
  const [rerun, setRerun] = useState<HistoryItem | null>(null);
  const seq = useRef(0);
  const panelRef = useRef<HTMLElement>(null);
  // After a delete, the focus goes to the row now in the deleted one's place (else the search box),
  // not to the page's body with the row it was on.
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const at = focusRow.current;
    if (at === null || !items) return;
    focusRow.current = null;
    const rows = panelRef.current?.querySelectorAll<HTMLElement>('.hist-name .link-btn');
    (rows?.length
      ? rows[Math.min(at, rows.length - 1)]
      : panelRef.current?.querySelector<HTMLElement>('input[type="search"]')
    )?.focus();
  }, [items]);

  // Reload on search (debounced), after our own changes, and when results appear or go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version and resultsVersion only ask for the list again
  useEffect(() => {
    const mine = ++seq.current;
    const timer = setTimeout(
      () => {
        void invoke('history:list', { query: query.trim() || undefined }).then((res) => {
          if (mine !== seq.current) return;
          if (res.ok) setItems(res.value);
          else toast({ key: 'history.failed' }, 'error', deferredExportErrorLine(res.error));
        });
      },
      query ? SEARCH_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [query, version, resultsVersion]);

  const names = new Map((items ?? []).map((i) => [i.id, i.fileName]));
  const reload = () => setVersion((v) => v + 1);
  const deleted = (at: number) => (done: boolean) => {
    if (!done) return;
    focusRow.current = at;
    reload();
  };

  return (
    <section ref={panelRef} className="hist-panel" aria-labelledby={`${searchId}-title`} data-testid="history-panel">
      <div className="hist-head">
        <h2 id={`${searchId}-title`} className="hist-title">
          {t('history.title')}
        </h2>
        <StorageUsage showFolder={false} refreshKey={version} />
        <span className="toolbar-spacer" />
        <button
          type="button"
          className="btn small danger-ghost"
          disabled={!items || (items.length === 0 && query.trim() === '')}
          onClick={() => void clearHistory().then(deleted(0))}
        >
          {t('history.clearAll')}
        </button>
      </div>
      <div className="hist-search">
        <input
          type="search"
          value={query}
          placeholder={t('history.searchPlaceholder')}
          aria-label={t('history.searchLabel')}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        {items && (
          <span className="muted" aria-live="polite">
            {t('history.count', { n: items.length })}
          </span>
        )}
      </div>
      {items && items.length === 0 && (
        <p className="hist-empty muted">
          {query.trim() ? t('history.noMatch', { query: query.trim() }) : t('history.empty')}
        </p>
      )}
      {items && items.length > 0 && (
        <table className="hist-table" aria-label={t('history.listLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('history.name')}</th>
              <th scope="col">{t('history.date')}</th>
              <th scope="col" className="num">
                {t('history.pages')}
              </th>
              <th scope="col">{t('history.backend')}</th>
              <th scope="col" className="num">
                {t('history.fileSize')}
              </th>
              <th scope="col" className="num">
                {t('history.elapsed')}
              </th>
              <th scope="col">
                <span className="hist-vh">{t('history.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, at) => (
              <HistoryRow
                key={item.id}
                item={item}
                query={query.trim()}
                date={formatDateTime(item.finishedAt, locale)}
                size={item.fileSize === null ? '–' : formatBytes(item.fileSize)}
                elapsed={formatElapsed(item.elapsedMs, t)}
                parentName={item.parentId ? (names.get(item.parentId) ?? null) : null}
                onOpen={onOpen}
                onRerun={() => setRerun(item)}
                onDelete={() => void deleteHistoryItem(item).then(deleted(at))}
              />
            ))}
          </tbody>
        </table>
      )}
      {rerun && <RerunDialog id={rerun.id} fileName={rerun.fileName} onClose={() => setRerun(null)} />}
    </section>
  );
}
