/**
 * Promise-based confirmation dialog, usable from any feature:
 *
 *   if (await confirmDialog({ title, message, confirmLabel, danger: true })) { … }
 *
 * <ConfirmHost /> is mounted once by the app shell. Escape cancels; focus starts on Cancel for
 * dangerous actions (so Enter does not destroy by accident) and returns where it was afterwards.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { create } from 'zustand';
import { useT } from '../i18n/index.ts';
import { trapTab } from './Modal.tsx';

export interface ConfirmOptions {
  title: string;
  message?: string;
  confirmLabel?: string;
  danger?: boolean;
}

interface ConfirmState {
  current: (ConfirmOptions & { resolve: (ok: boolean) => void }) | null;
}
const useConfirmStore = create<ConfirmState>(() => ({ current: null }));

export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  useConfirmStore.getState().current?.resolve(false);
  return new Promise((resolve) => {
    useConfirmStore.setState({
      current: {
        ...options,
        resolve: (ok) => {
          useConfirmStore.setState({ current: null });
          resolve(ok);
        },
      },
    });
  });
}

export function ConfirmHost() {
  const t = useT();
  const current = useConfirmStore((s) => s.current);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!current) return;
    const previous = document.activeElement as HTMLElement | null;
    (current.danger ? cancelRef : okRef).current?.focus();
    return () => previous?.focus?.();
  }, [current]);

  if (!current) return null;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      current.resolve(false);
    }
    trapTab(e, boxRef.current);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press outside the dialog answers No; keys have Escape in the dialog
    <div className="modal-backdrop" onMouseDown={() => current.resolve(false)}>
      <div
        ref={boxRef}
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby={current.message ? 'confirm-message' : undefined}
        onKeyDown={onKeyDown}
        onMouseDown={(e) => e.stopPropagation()}
      >
        <h2 id="confirm-title">{current.title}</h2>
        {current.message && <p id="confirm-message">{current.message}</p>}
        <div className="modal-actions">
          <button ref={cancelRef} type="button" className="btn" onClick={() => current.resolve(false)}>
            {t('common.cancel')}
          </button>
          <button
            ref={okRef}
            type="button"
            className={`btn ${current.danger ? 'danger' : 'primary'}`}
            onClick={() => current.resolve(true)}
          >
            {current.confirmLabel ?? t('common.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
