// Where a request goes: the local engine (started on demand) or the configured cloud / private
// deployment with the user's key. The key is read at the moment of the request, never stored in a task.
import { CodedError } from '../../../shared/result.ts';
import type { Backend } from '../../../shared/task.ts';
import type { KeyService } from '../keychain/key-service.ts';
import { baseUrlOrThrow } from '../settings/validate.ts';
import type { EngineManager } from './engine-manager.ts';

interface Target {
  backend: Backend;
  baseUrl: string;
  apiKey: string | null;
}

export interface Targets {
  /** `cloudBaseUrl`: the task's stored URL or an explicit one (connection test); default: settings. */
  resolve(backend: Backend, cloudBaseUrl?: string): Promise<Target>;
}

export function createTargets(deps: { cloudBaseUrl: () => string; keys: KeyService; engine: EngineManager }): Targets {
  return {
    async resolve(backend, cloudBaseUrl) {
      if (backend === 'local') {
        try {
          const t = await deps.engine.ensure();
          return { backend, baseUrl: t.baseUrl, apiKey: t.apiKey };
        } catch (e) {
          throw new CodedError('ENGINE_FAILED', `The local engine could not start: ${(e as Error).message}`);
        }
      }
      return { backend, baseUrl: baseUrlOrThrow(cloudBaseUrl || deps.cloudBaseUrl()), apiKey: await deps.keys.get() };
    },
  };
}
