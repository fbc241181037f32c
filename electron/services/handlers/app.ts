// IPC handlers of the app itself: the ready handshake with what the app is, settings, the API key and
// the connection test.
import { findSoffice } from '../../../engine/source/office/soffice.ts';
import { sofficeOption } from '../backend/engine-manager.ts';
import type { Handlers } from '../../../shared/ipc-contract.ts';
import type { AppInfo } from '../../../shared/task.ts';
import { testConnection } from '../backend/connection.ts';
import type { HandlerContext } from './index.ts';

type AppHandlers = Pick<
  Handlers,
  'app:ready' | 'settings:get' | 'settings:set' | 'key:status' | 'key:set' | 'key:clear' | 'connection:test'
>;

export function appHandlers(ctx: HandlerContext): AppHandlers {
  const { app, settings, keys } = ctx;
  return {
    'app:ready': async (): Promise<AppInfo> => {
      // The same lookup the local engine makes (the LibreOffice setting, else DOCPARSE_SOFFICE, PATH, install folders).
      const soffice = findSoffice({ explicit: sofficeOption(settings.get().sofficePath) });
      return {
        version: app.version,
        transport: ctx.transport,
        platform: app.platform,
        locale: app.locale,
        dataDir: ctx.dataDir,
        localOffice: soffice !== null,
        soffice,
      };
    },
    'settings:get': async () => settings.get(),
    'settings:set': async (patch) => settings.set(patch),
    'key:status': async () => keys.status(),
    'key:set': async ({ apiKey, sessionOnly }) => keys.set(apiKey, sessionOnly === true),
    'key:clear': async () => keys.clear(),
    'connection:test': async (req) =>
      testConnection(req, {
        targets: ctx.targets,
        defaultBackend: () => settings.get().backend,
        savedBaseUrl: () => settings.get().cloudBaseUrl,
        timing: ctx.timing,
      }),
  };
}
