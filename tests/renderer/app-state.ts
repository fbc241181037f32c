// The app as renderer tests set it up and read it: a fake RendererApi installed with loosely typed
// handlers, the transport (Electron or browser mode), and the toasts on screen.
import type { InvokeChannel } from '../../shared/ipc-contract.ts';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import { useAppInfo } from '../../renderer/src/stores/app.ts';
import { toastLines, useUi } from '../../renderer/src/stores/ui.ts';
import { fakeApi, type FakeApi, type Handlers } from './fake-api.ts';

/** A handler whose request and answer need not match the channel's types (a partial answer will do). */
type LooseHandler = (req: never) => unknown;

/** Installs a fake RendererApi answering with `handlers`; every call is recorded on it. */
export function installLooseApi(handlers: Partial<Record<InvokeChannel, LooseHandler>>): FakeApi {
  const api = fakeApi(handlers as Handlers);
  setApi(api);
  return api;
}

/** The toasts on screen as "kind: message". */
export const toasts = (): string[] => useUi.getState().toasts.map((t) => `${t.kind}: ${toastLines(t).message}`);

/** The app as Electron or browser mode started it. */
export const setTransport = (transport: 'electron' | 'web'): void =>
  useAppInfo.getState().setInfo({ version: '0', transport, platform: 'linux', locale: 'en', dataDir: '/data' });
