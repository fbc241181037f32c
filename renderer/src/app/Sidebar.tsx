// Left navigation between Queue, History and Settings (a tab list; ↑/↓ move between tabs).
import type { KeyboardEvent } from 'react';
import { useT } from '../i18n/index.ts';
import { isActive, useTasks } from '../stores/tasks.ts';
import { useUi, type Tab } from '../stores/ui.ts';
import { Icon, type IconName } from '../components/Icon.tsx';

const TABS: { id: Tab; icon: IconName }[] = [
  { id: 'queue', icon: 'queue' },
  { id: 'history', icon: 'history' },
  { id: 'settings', icon: 'settings' },
];

export function Sidebar() {
  const t = useT();
  const tab = useUi((s) => s.tab);
  const setTab = useUi((s) => s.setTab);
  const active = useTasks((s) => s.order.reduce((n, id) => n + (s.tasks[id] && isActive(s.tasks[id]) ? 1 : 0), 0));

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const i = TABS.findIndex((x) => x.id === tab);
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = TABS[(i + step + TABS.length) % TABS.length]!;
    setTab(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };

  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <div role="tablist" aria-orientation="vertical" onKeyDown={onKeyDown}>
        {TABS.map(({ id, icon }) => (
          <button
            key={id}
            id={`tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={`nav-item${tab === id ? ' on' : ''}`}
            data-testid={`nav-${id}`}
            onClick={() => setTab(id)}
          >
            <span className="nav-icon">
              <Icon name={icon} />
            </span>
            <span className="nav-text">{t(`nav.${id}`)}</span>
            {id === 'queue' && active > 0 && (
              <span className="nav-badge" role="img" aria-label={t('nav.activeBadge', { n: active })}>
                {active}
              </span>
            )}
          </button>
        ))}
      </div>
    </nav>
  );
}
