// A stand-in for the app's process in the orphan test: starts the engine the way the app does
// (createEngineManager, a Node child), prints the child's pid, then waits to be killed.
import { createEngineManager } from '../../../../electron/services/backend/engine-manager.ts';
import { nullLogger } from '../../../../electron/services/log.ts';

const manager = createEngineManager({ dataDir: process.argv[2]!, log: nullLogger });
await manager.ensure();
process.stdout.write(`engine pid ${manager.pid()}\n`);
setInterval(() => {}, 60_000);
