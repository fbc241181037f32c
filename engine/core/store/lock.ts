// One engine per data dir: <dataDir>/engine.lock holds the owner's pid. A lock whose process is gone
// (killed engine) is taken over; a live owner — another process, or this one without close() —
// makes the second engine refuse to start instead of corrupting the first one's tasks.
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export async function acquireLock(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, 'engine.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fh = await open(path, 'wx');
      await fh.writeFile(String(process.pid));
      await fh.close();
      return () => rm(path, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
        throw new Error(
          `the data dir ${dataDir} is in use by another engine (pid ${pid}${pid === process.pid ? ', this process' : ''})`,
        );
      }
      await rm(path, { force: true });
    }
  }
  throw new Error(`could not lock the data dir ${dataDir}`);
}
