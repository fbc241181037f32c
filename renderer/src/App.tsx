// The app shell: header, sidebar tabs (Queue · History · Settings), toasts and dialogs.
// The Queue tab stays mounted (hidden) so the open review keeps its scroll position.
import { useCallback, type CSSProperties } from 'react';
import { useT } from './i18n/index.ts';
import { useAppInfo } from './stores/app.ts';
import { useTasks } from './stores/tasks.ts';
import { useUi } from './stores/ui.ts';
import { useConnection } from './lib/connection.ts';
import { hasAccessToken } from './lib/api.ts';
import { describeError } from './i18n/errors.ts';
import { ConfirmHost } from './components/confirm.tsx';
import { ErrorTrace } from './components/ErrorTrace.tsx';
import { Header } from './app/Header.tsx';
import { Sidebar } from './app/Sidebar.tsx';
import { Toasts } from './app/Toasts.tsx';
import { useIpcEvents } from './app/useIpcEvents.ts';
import { useAppearance } from './app/useAppearance.ts';
import { Splitter, useQueueWidth } from './app/Splitter.tsx';
import { QueuePane } from './features/queue/QueuePane.tsx';
import { QueueRail, useNarrowWindow } from './features/queue/QueueRail.tsx';
import { TaskDetail } from './features/task/TaskDetail.tsx';
import { SettingsView } from './features/settings/SettingsView.tsx';
import { HistoryPanel } from './features/history/HistoryPanel.tsx';
import { CompareHost } from './features/compare/CompareHost.tsx';

function focusDetail() {
  requestAnimationFrame(() => document.getElementById('detail-heading')?.focus());
}

function StartupProblem() {
  const t = useT();
  const phase = useAppInfo((s) => s.phase);
  const error = useAppInfo((s) => s.startupError);
  const connection = useConnection((s) => s.status);
  if (phase === 'failed' && error) {
    const text = describeError(error, t);
    return (
      // What happened, the way out, the raw message folded under its code: the failed task's box's shape.
      <div className="banner danger startup-banner" role="alert" data-testid="startup-error">
        <div className="banner-body">
          <p>
            <strong>{t('app.startFailed')}:</strong> {text.title}
          </p>
          <p className="banner-fix" data-testid="startup-fix">
            {t('app.startFailedFix')}
          </p>
          <ErrorTrace code={text.code} detail={text.detail} />
        </div>
        <button type="button" className="btn small" onClick={() => location.reload()}>
          {t('app.reload')}
        </button>
      </div>
    );
  }
  if (connection === 'closed') {
    // Browser mode opened without its token: reconnecting cannot help, the printed link can.
    if (!hasAccessToken())
      return (
        <div className="banner danger" role="alert">
          {t('app.noToken')}
        </div>
      );
    return (
      <div className="banner warning" role="status">
        {t('app.reconnecting')}
      </div>
    );
  }
  return null;
}

export function App() {
  useIpcEvents();
  useAppearance();
  useNarrowWindow();
  const tab = useUi((s) => s.tab);
  // An empty queue never hides: its drop zone is the way in.
  const hasTasks = useTasks((s) => s.order.length > 0);
  const collapsed = useUi((s) => s.queueCollapsed) && hasTasks;
  const selectedId = useTasks((s) => s.selectedId);
  const [queueWidth, setQueueWidth] = useQueueWidth();

  const openTask = useCallback((id: string) => {
    useTasks.getState().select(id);
    useUi.getState().setTab('queue');
    focusDetail();
  }, []);

  return (
    <div className="app" style={{ '--queue-width': `${queueWidth}px` } as CSSProperties}>
      <Header />
      <StartupProblem />
      <div className="app-body">
        <Sidebar />
        <main className="app-main">
          <div
            id="panel-queue"
            role="tabpanel"
            aria-labelledby="tab-queue"
            className={`queue-layout${collapsed ? ' collapsed' : ''}`}
            hidden={tab !== 'queue'}
          >
            {collapsed && <QueueRail />}
            {!collapsed && (
              <>
                <div className="queue-slot" style={{ width: queueWidth }}>
                  <QueuePane onOpen={openTask} />
                </div>
                <Splitter width={queueWidth} onChange={setQueueWidth} />
              </>
            )}
            <TaskDetail taskId={selectedId} />
          </div>
          {tab === 'history' && (
            <div id="panel-history" role="tabpanel" aria-labelledby="tab-history" className="tab-panel">
              <HistoryPanel onOpen={openTask} />
            </div>
          )}
          {tab === 'settings' && (
            <div id="panel-settings" role="tabpanel" aria-labelledby="tab-settings" className="tab-panel">
              <SettingsView />
            </div>
          )}
        </main>
      </div>
      <CompareHost />
      <Toasts />
      <ConfirmHost />
    </div>
  );
}
