// Electron side of the IPC contract: one ipcMain.handle per allowlisted channel, sender checks,
// IpcResult envelopes (never a thrown error across IPC), and events queued until 'app:ready'.
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { DROPPED_PATHS_CHANNEL, INVOKE_CHANNELS, type Handlers } from '../../shared/ipc-contract.ts';
import type { IpcResult } from '../../shared/result.ts';
import { createDispatcher, EmitterHub, EventGate, FORBIDDEN, READY_CHANNEL } from '../shell/ipc-core.ts';
import { isTrustedSender, type TrustPolicy } from '../shell/policy.ts';

export interface IpcBridge {
  /** Give this to services.setEmitter. */
  readonly hub: EmitterHub;
  /** Trust a window's main frame and route events to it (queued until it invokes 'app:ready'). */
  attachWindow(win: BrowserWindow): void;
  /** Removes every handler (on quit). */
  dispose(): void;
}

/** `onDropped`: paths the preload reports for files the user dropped or picked (see DROPPED_PATHS_CHANNEL). */
export function registerIpc(
  handlers: Handlers,
  appOrigins: readonly string[],
  onDropped: (paths: string[]) => void = () => undefined,
): IpcBridge {
  const dispatch = createDispatcher(handlers);
  const hub = new EmitterHub();
  const trusted = new Set<number>();
  const gates = new Map<number, EventGate>();
  const policy: TrustPolicy = { trustedIds: trusted, appOrigins };

  const senderOk = (event: IpcMainInvokeEvent): boolean => {
    const frame = event.senderFrame;
    return isTrustedSender(
      {
        webContentsId: event.sender.id,
        isMainFrame:
          frame !== null && frame.parent === null && frame.frameTreeNodeId === event.sender.mainFrame.frameTreeNodeId,
        frameUrl: frame?.url ?? '',
      },
      policy,
    );
  };

  for (const channel of INVOKE_CHANNELS) {
    ipcMain.removeHandler(channel);
    ipcMain.handle(channel, async (event, req: unknown): Promise<IpcResult<unknown>> => {
      if (!senderOk(event)) {
        return { ok: false, error: { code: FORBIDDEN, message: 'IPC from an untrusted frame' } };
      }
      const result = await dispatch(channel, req);
      if (channel === READY_CHANNEL && result.ok) {
        const gate = gates.get(event.sender.id);
        // Flush after the reply has been handed back to Electron.
        if (gate) setImmediate(() => gate.markReady());
      }
      return result;
    });
  }

  ipcMain.removeHandler(DROPPED_PATHS_CHANNEL);
  ipcMain.handle(DROPPED_PATHS_CHANNEL, (event, paths: unknown): boolean => {
    if (!senderOk(event) || !Array.isArray(paths)) return false;
    onDropped(paths.filter((p): p is string => typeof p === 'string').slice(0, 10_000));
    return true;
  });

  return {
    hub,
    attachWindow(win) {
      const contents = win.webContents;
      const id = contents.id;
      trusted.add(id);
      const gate = new EventGate({
        deliver: ({ channel, payload }) => {
          if (contents.isDestroyed()) return false;
          contents.send(channel, payload);
          return true;
        },
      });
      gates.set(id, gate);
      const detach = hub.add(gate);
      // A reload or crash means the new page has not subscribed yet: queue until its 'app:ready'.
      contents.on('did-start-navigation', (details) => {
        if (details.isMainFrame && !details.isSameDocument) gate.reset();
      });
      contents.on('render-process-gone', () => gate.reset());
      contents.once('destroyed', () => {
        detach();
        gate.clear();
        gates.delete(id);
        trusted.delete(id);
      });
    },
    dispose() {
      for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel);
      ipcMain.removeHandler(DROPPED_PATHS_CHANNEL);
    },
  };
}
