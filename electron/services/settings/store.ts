// settings.json in the data folder: loaded once, validated, written atomically, changes emitted.
import type { Settings } from '../../../shared/task.ts';
import { readJsonFile, writeJsonAtomic } from '../util/atomic.ts';
import { applyUpdate, fromStored } from './validate.ts';
import { dataPaths } from '../data-dir.ts';

export interface SettingsStore {
  get(): Settings;
  /** Validates, saves, emits; returns the new settings. */
  set(patch: Partial<Settings>): Promise<Settings>;
}

export async function createSettingsStore(
  dataDir: string,
  onChange: (s: Settings) => void,
  warn: (msg: string) => void = () => {},
): Promise<SettingsStore> {
  const file = dataPaths(dataDir).settings;
  let raw: unknown = null;
  try {
    raw = await readJsonFile(file);
  } catch (e) {
    warn(`settings.json unreadable, using defaults: ${(e as Error).message}`);
  }
  let current = fromStored(raw);
  let chain: Promise<unknown> = Promise.resolve();

  return {
    get: () => structuredClone(current),
    set(patch) {
      // Serialised so two quick updates cannot interleave their writes.
      const run = chain.then(async () => {
        const next = applyUpdate(current, patch);
        await writeJsonAtomic(file, next);
        current = next;
        onChange(structuredClone(next));
        return structuredClone(next);
      });
      chain = run.catch(() => {});
      return run;
    },
  };
}
