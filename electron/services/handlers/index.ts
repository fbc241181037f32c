// The full Handlers object of the IPC contract: one module per channel group, each taking the one
// HandlerContext, every handler behind its channel's request parser (requests.ts). Handlers return data or
// throw a CodedError; the transport turns throws into {ok:false}.
import { INVOKE_CHANNELS, type Handlers, type InvokeChannel } from '../../../shared/ipc-contract.ts';
import type { AppServicesOptions } from '../app-types.ts';
import type { Targets } from '../backend/targets.ts';
import type { Timing } from '../consts.ts';
import type { ServicesContext } from '../context.ts';
import type { KeyService } from '../keychain/key-service.ts';
import type { TaskQueue } from '../queue/types.ts';
import type { SettingsStore } from '../settings/store.ts';
import type { PageImageService } from '../results/page-images.ts';
import { appHandlers } from './app.ts';
import { compareHandlers } from './compare.ts';
import { exportHandlers } from './export.ts';
import { fileHandlers } from './files.ts';
import { historyHandlers } from './history.ts';
import { requests, type RequestParsers } from './requests.ts';
import { taskHandlers } from './tasks.ts';

/** What every handler module gets: the services context with the whole queue, settings store and key. */
export interface HandlerContext extends ServicesContext {
  tasks: TaskQueue;
  settings: SettingsStore;
  keys: KeyService;
  targets: Targets;
  timing: Timing;
  /** Page images of originals the renderer cannot open, and this session's PDF passwords. */
  pages: PageImageService;
  app: Pick<AppServicesOptions, 'version' | 'platform' | 'locale' | 'assetUrlBase'>;
}

type Loose = (req: unknown) => Promise<unknown>;

const behind =
  <K extends InvokeChannel>(handle: Handlers[K], parse: RequestParsers[K]): Loose =>
  async (req) =>
    handle(parse(req));

/** Each handler called only with what its parser made of the raw request (a parser throws INVALID_REQUEST). */
function parsed(handlers: Handlers, parsers: RequestParsers): Handlers {
  const out: Partial<Record<InvokeChannel, Loose>> = {};
  for (const channel of INVOKE_CHANNELS) out[channel] = behind(handlers[channel], parsers[channel]);
  // Every channel is set above; the transport calls each with the raw request (Handlers' own typing is
  // for direct callers such as tests).
  return out as Handlers;
}

export function createHandlers(ctx: HandlerContext): Handlers {
  return parsed(
    {
      ...appHandlers(ctx),
      ...fileHandlers(ctx),
      ...taskHandlers(ctx),
      ...historyHandlers(ctx),
      ...exportHandlers(ctx),
      ...compareHandlers(ctx),
    },
    requests,
  );
}
