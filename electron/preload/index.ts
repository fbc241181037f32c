// The sandboxed preload: exposes exactly RendererApi as window.api. Only allowlisted channels pass;
// listeners never see the IpcRendererEvent (no sender leaks). Bundled as CommonJS (index.cjs).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { isEventChannel, isInvokeChannel, type RendererApi } from '../../shared/ipc-contract.ts';

const api: RendererApi = {
  invoke(channel, req) {
    if (!isInvokeChannel(channel)) {
      return Promise.resolve({ ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `Channel not allowed: ${String(channel)}` } });
    }
    return ipcRenderer.invoke(channel, req);
  },
  on(channel, listener) {
    if (!isEventChannel(channel) || typeof listener !== 'function') return () => undefined;
    const deliver = listener as (payload: unknown) => void;
    const wrapped = (_event: unknown, payload: unknown): void => deliver(payload);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
  async pathsForFiles(files) {
    return Array.from(files, (file) => webUtils.getPathForFile(file as File));
  },
};

contextBridge.exposeInMainWorld('api', api);
