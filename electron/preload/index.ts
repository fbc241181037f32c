// The sandboxed preload: exposes exactly RendererApi as window.api. Only allowlisted channels pass;
// listeners never see the IpcRendererEvent (no sender leaks). Bundled as CommonJS (index.cjs).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { DROPPED_PATHS_CHANNEL, isEventChannel, isInvokeChannel, type RendererApi } from '../../shared/ipc-contract.ts';

const api: RendererApi = {
  invoke(channel, req) {
    if (!isInvokeChannel(channel)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'UNKNOWN_CHANNEL', message: `Channel not allowed: ${String(channel)}` },
      });
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
    const paths: string[] = [];
    const dropped: string[] = [];
    for (const file of files as readonly File[]) {
      const path = webUtils.getPathForFile(file);
      if (path) {
        paths.push(path);
        dropped.push(path);
        continue;
      }
      // No path on disk (pasted from the clipboard): main stores the bytes and answers a path.
      const res = await ipcRenderer.invoke('files:import', {
        name: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
      if (!res?.ok) throw new Error(res?.error?.message ?? `Could not import ${file.name}`);
      paths.push(res.value as string);
    }
    // Only paths of real files the user dropped or picked become readable for main (files/grants.ts).
    if (dropped.length) await ipcRenderer.invoke(DROPPED_PATHS_CHANNEL, dropped);
    return paths;
  },
};

contextBridge.exposeInMainWorld('api', api);
