// The renderer's only door to main. main.tsx installs the real transport (lib/api.ts: Electron's
// preload or the browser-mode WebSocket); tests install a fake RendererApi with setApi().
// `invoke` never throws: a broken transport becomes {ok:false, error:{code:'DISCONNECTED'}}.
import type { EventChannel, EventMap, InvokeChannel, Req, RendererApi, Res } from '../../../shared/ipc-contract.ts';
import type { AppError, IpcResult } from '../../../shared/result.ts';

let current: RendererApi | null = null;

export function setApi(api: RendererApi | null): void {
  current = api;
}

function getApi(): RendererApi {
  if (!current) throw new Error('RendererApi not installed (call setApi first)');
  return current;
}

const disconnected = (e: unknown): AppError => ({
  code: 'DISCONNECTED',
  message: e instanceof Error ? e.message : String(e),
});

export async function invoke<K extends InvokeChannel>(channel: K, req: Req<K>): Promise<IpcResult<Res<K>>> {
  try {
    return await getApi().invoke(channel, req);
  } catch (e) {
    return { ok: false, error: disconnected(e) };
  }
}

export function on<K extends EventChannel>(channel: K, listener: (payload: EventMap[K]) => void): () => void {
  return getApi().on(channel, listener);
}

/** Paths main can read for File objects (Electron: real paths; browser mode: uploaded copies). */
export async function pathsForFiles(files: readonly File[]): Promise<IpcResult<string[]>> {
  try {
    return { ok: true, value: await getApi().pathsForFiles(files) };
  } catch (e) {
    return { ok: false, error: { code: 'UPLOAD_FAILED', message: e instanceof Error ? e.message : String(e) } };
  }
}
