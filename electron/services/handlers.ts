// The full Handlers object of the IPC contract. Each handler validates its request, returns data or
// throws a CodedError; the transport turns throws into {ok:false}. Export and history channels come
// from their own modules, which share the same ServicesContext.
import { findSoffice } from '../../engine/office/soffice.ts';
import { sofficeOption } from './backend/engine-manager.ts';
import type { Handlers } from '../../shared/ipc-contract.ts';
import { CodedError } from '../../shared/result.ts';
import type { AppInfo, ResultView, Task } from '../../shared/task.ts';
import type { AppServicesOptions } from './app-types.ts';
import type { ServicesContext } from './context.ts';
import type { KeyService } from './keychain/key-service.ts';
import type { SettingsStore } from './settings/store.ts';
import type { TaskQueue } from './queue/task-queue.ts';
import type { Targets } from './backend/targets.ts';
import type { Timing } from './consts.ts';
import { testConnection } from './backend/connection.ts';
import { checkPaths, toFileCheck } from './files/check.ts';
import { importFile } from './files/import.ts';
import { join } from 'node:path';
import { assertTaskId } from './results/store.ts';
import { createExportHandlers } from './export/handlers.ts';
import { createHistoryHandlers } from './history/handlers.ts';

export interface HandlerDeps {
  ctx: ServicesContext;
  opts: AppServicesOptions;
  settings: SettingsStore;
  keys: KeyService;
  queue: TaskQueue;
  targets: Targets;
  timing: Timing;
}

const invalid = (msg: string): never => {
  throw new CodedError('INVALID_REQUEST', msg);
};
const obj = (req: unknown): Record<string, unknown> =>
  typeof req === 'object' && req !== null && !Array.isArray(req) ? (req as Record<string, unknown>) : invalid('The request must be an object');
const paths = (req: unknown): string[] => {
  const p = obj(req).paths;
  return Array.isArray(p) && p.every((s) => typeof s === 'string') ? p : invalid('paths must be a list of file paths');
};
const idOf = (req: unknown): string => {
  const id = obj(req).id;
  return typeof id === 'string' && id ? id : invalid('id must be a task id');
};

async function resultView(d: HandlerDeps, id: string): Promise<ResultView> {
  assertTaskId(id);
  const { results } = d.ctx;
  if (!(await results.has(id))) throw new CodedError('NOT_FOUND', `No cached result for task ${id}`);
  const meta = await results.readMeta(id);
  const task: Task | undefined = d.queue.get(id) ?? meta.task;
  if (!task) throw new CodedError('NOT_FOUND', `Task ${id} is unknown`);
  const base = d.opts.assetUrlBase;
  return {
    task,
    markdown: await results.readMarkdown(id),
    json: await results.readJson(id),
    catalog: meta.catalog,
    // An Office original is shown through the PDF it was parsed from.
    originalUrl: meta.preview ? `${base}results/${id}/${meta.preview}` : meta.original ? `${base}results/${id}/original` : null,
    ...(meta.preview ? { previewType: '.pdf' } : {}),
    assetBase: `${base}results/${id}/`,
    images: meta.images,
    warnings: meta.warnings ?? [],
  };
}

const granted = (p: string | null, grant: (p: string) => void): string | null => {
  if (p) grant(p);
  return p;
};

export function createHandlers(d: HandlerDeps): Handlers {
  const { ctx, opts } = d;
  const dialogs = ctx.dialogs;
  return {
    'app:ready': async (): Promise<AppInfo> => {
      // The same lookup the local engine makes (the LibreOffice setting, else DOCPARSE_SOFFICE, PATH, install folders).
      const soffice = findSoffice({ explicit: sofficeOption(d.settings.get().sofficePath) });
      return {
        version: opts.version, transport: opts.transport, platform: opts.platform, locale: opts.locale, dataDir: ctx.dataDir,
        localOffice: soffice !== null, soffice,
      };
    },
    'settings:get': async () => d.settings.get(),
    'settings:set': async (req) => d.settings.set(obj(req) as Parameters<SettingsStore['set']>[0]),
    'key:status': async () => d.keys.status(),
    'key:set': async (req) => {
      const r = obj(req);
      if (typeof r.apiKey !== 'string') invalid('apiKey must be a string');
      return d.keys.set(r.apiKey as string, r.sessionOnly === true);
    },
    'key:clear': async () => d.keys.clear(),
    'connection:test': async (req) =>
      testConnection((req ?? {}) as Parameters<typeof testConnection>[0], {
        targets: d.targets, defaultBackend: () => d.settings.get().backend, savedBaseUrl: () => d.settings.get().cloudBaseUrl, timing: d.timing,
      }),
    'files:check': async (req) => {
      const list = paths(req);
      ctx.grants.checkRead(list);
      return (await checkPaths(list)).map(toFileCheck);
    },
    'files:import': async (req) => importFile(join(ctx.dataDir, 'uploads'), req),
    'tasks:submit': async (req) => {
      const list = paths(req);
      ctx.grants.checkRead(list);
      return d.queue.submit(list, obj(req).options as Parameters<TaskQueue['submit']>[1]);
    },
    'tasks:list': async () => d.queue.list(),
    'tasks:cancel': async (req) => d.queue.cancel(idOf(req)),
    'tasks:retry': async (req) => {
      const password = obj(req).password;
      if (password !== undefined && (typeof password !== 'string' || password.length > 1024)) invalid('password must be a string');
      return d.queue.retry(idOf(req), (password as string | undefined) || undefined);
    },
    'tasks:remove': async (req) => {
      const id = idOf(req);
      if (!d.queue.get(id)) throw new CodedError('NOT_FOUND', `No task ${JSON.stringify(id)}`);
      await d.queue.remove(id);
      return { id };
    },
    'results:get': async (req) => resultView(d, idOf(req)),
    // What the user picks in a native dialog is what the renderer may then name.
    'dialog:saveFile': async (req) => granted(dialogs ? await dialogs.saveFile(String(obj(req).defaultName ?? 'export')) : null, (p) => ctx.grants.allowWrite(p, 'file')),
    'dialog:pickFolder': async () => granted(dialogs ? await dialogs.pickFolder() : null, (p) => ctx.grants.allowWrite(p, 'folder')),
    'dialog:openFiles': async (req) => {
      const list = req && typeof req === 'object' ? (req as { extensions?: unknown }).extensions : undefined;
      const exts = Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string' && /^\.[a-z0-9]{1,8}$/i.test(e)).slice(0, 40) : undefined;
      const picked = dialogs ? await dialogs.openFiles(exts) : null;
      for (const p of picked ?? []) ctx.grants.allowRead(p);
      return picked;
    },
    ...createExportHandlers(ctx),
    ...createHistoryHandlers(ctx),
  };
}
