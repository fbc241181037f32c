// Export actions for one task (a menu: Markdown with an images folder or inlined, JSON, zip, copy
// Markdown, and in browser mode "save to a path") or for several (the batch export dialog).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/index.ts';
import { useAppInfo } from '../../stores/app.ts';
import { useTasks } from '../../stores/tasks.ts';
import { copyMarkdown, exportTask, requestFor, type ExportChoice } from './actions.ts';
import { BatchExportDialog } from './BatchExportDialog.tsx';
import { PathExportDialog } from './dialogs.tsx';
import './export.css';

type Item = { id: string; label: string; run: () => unknown };

/** Focuses item `i` of the menu (wrapping around at both ends). */
function focusMenuItem(menu: HTMLElement | null, i: number): void {
  const nodes = menu?.querySelectorAll<HTMLElement>('[role="menuitem"]');
  if (!nodes || nodes.length === 0) return;
  nodes[(i + nodes.length) % nodes.length]!.focus();
}

export function ExportMenu({ taskIds }: { taskIds: string[] }) {
  const t = useT();
  const [batchOpen, setBatchOpen] = useState(false);
  if (taskIds.length === 0) return null;
  if (taskIds.length === 1) return <SingleExportMenu taskId={taskIds[0]!} />;
  return (
    <>
      <button
        type="button"
        className="btn small"
        aria-label={t('export.batchLabel', { n: taskIds.length })}
        onClick={() => setBatchOpen(true)}
      >
        {t('export.batch', { n: taskIds.length })}
      </button>
      {batchOpen && <BatchExportDialog ids={taskIds} onClose={() => setBatchOpen(false)} />}
    </>
  );
}

function SingleExportMenu({ taskId }: { taskId: string }) {
  const t = useT();
  const menuId = useId();
  const name = useTasks((s) => s.tasks[taskId]?.fileName) ?? '';
  const web = useAppInfo((s) => s.info?.transport) !== 'electron';
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pathChoice, setPathChoice] = useState<ExportChoice | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const run = (fn: () => Promise<unknown>) => async () => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  const exportAs = (choice: ExportChoice) => run(() => exportTask(requestFor(taskId, choice)));
  const items: Item[] = [
    { id: 'md-folder', label: t('export.mdFolder'), run: exportAs('md-folder') },
    { id: 'md-inline', label: t('export.mdInline'), run: exportAs('md-inline') },
    { id: 'json', label: t('export.json'), run: exportAs('json') },
    { id: 'json-service', label: t('export.jsonService'), run: exportAs('json-service') },
    { id: 'zip', label: t('export.zip'), run: exportAs('zip') },
    { id: 'copy', label: t('export.copyMarkdown'), run: run(() => copyMarkdown(taskId)) },
  ];
  if (web) items.push({ id: 'path', label: t('export.toPath'), run: () => setPathChoice('md-folder') });

  const focusItem = (i: number) => focusMenuItem(menuRef.current, i);

  useEffect(() => {
    if (!open) return;
    focusMenuItem(menuRef.current, 0);
    const outside = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const nodes = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = nodes.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') focusItem(i + 1);
    else if (e.key === 'ArrowUp') focusItem(i - 1);
    else if (e.key === 'Home') focusItem(0);
    else if (e.key === 'End') focusItem(nodes.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') return close(false);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <span className="xp-menu-wrap">
      <button
        ref={buttonRef}
        type="button"
        className="btn small"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={name ? t('export.menuLabel', { name }) : t('export.menu')}
        aria-busy={busy}
        disabled={busy}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {t('export.menu')} ▾
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          className="xp-menu"
          aria-label={t('export.menu')}
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <button
              key={item.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-testid={`export-${item.id}`}
              onClick={() => {
                close(true);
                void item.run();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
      {pathChoice && <PathExportDialog taskId={taskId} initial={pathChoice} onClose={() => setPathChoice(null)} />}
    </span>
  );
}
