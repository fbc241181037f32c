// Names every path under the app's data folder; no other module joins a name onto the data folder.
//
// The data folder is chosen by the shell: Electron's userData (ELECTRON_USER_DATA_PATH overrides it),
// browser mode's --data-dir or its per-platform default (electron/web/args.ts). Inside it:
//
//   results/<taskId>/      the results cache, one folder per finished task (layout: results/layout.ts);
//                          written by results/writer.ts, read through ResultsStore (results/store.ts)
//   uploads/<uuid>/<name>  browser uploads and pasted files (files/intake.ts);
//                          readable by the renderer (grants), pruned at start when no task needs them
//   exports/<random>/      browser mode's export downloads (handlers/export.ts), swept after an hour
//   rerun/<random>/<name>  a cached original staged under its real name for a re-run (history/rerun.ts)
//   engine/                the local engine's own data folder (its task store, engine/core/store/)
//   logs/main.log          the main-process log (log.ts), rotated to main.log.1 past 5 MB
//   settings.json          the user's settings (settings/store.ts)
//   tasks.json             the task queue's durable state (queue/persist.ts)
//
// The API key is never here: it lives in the OS keychain (keychain/), or in memory for the session.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface DataPaths {
  /** The data folder itself. */
  root: string;
  /** Results cache: `<root>/results/<taskId>/`. */
  results: string;
  /** Uploaded and pasted files: `<root>/uploads/<uuid>/<name>`. */
  uploads: string;
  /** Browser-mode export downloads: `<root>/exports/<random>/`. */
  exports: string;
  /** Originals staged for a re-run: `<root>/rerun/<random>/<name>`. */
  rerun: string;
  /** The local engine's data folder. */
  engine: string;
  /** Folder of the main-process log. */
  logs: string;
  /** The main-process log file (inside `logs`). */
  log: string;
  /** The user's settings. */
  settings: string;
  /** The task queue's durable state. */
  tasks: string;
}

/** Every path under `dataDir`, by what it holds. */
export function dataPaths(dataDir: string): DataPaths {
  const logs = join(dataDir, 'logs');
  return {
    root: dataDir,
    results: join(dataDir, 'results'),
    uploads: join(dataDir, 'uploads'),
    exports: join(dataDir, 'exports'),
    rerun: join(dataDir, 'rerun'),
    engine: join(dataDir, 'engine'),
    logs,
    log: join(logs, 'main.log'),
    settings: join(dataDir, 'settings.json'),
    tasks: join(dataDir, 'tasks.json'),
  };
}

/** Creates the folders the services expect from the start (uploads, results cache). */
export async function createDataDirs(paths: DataPaths): Promise<void> {
  await mkdir(paths.uploads, { recursive: true });
  await mkdir(paths.results, { recursive: true });
}
