// Preloaded (`node --import`) into a process the whole-process bench starts: on exit it writes that
// process's CPU time and peak RSS (all its threads) as JSON to the file named by BENCH_RUSAGE_FILE.
// Plain JavaScript, so that measuring loads no TypeScript stripper into the measured process.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RUSAGE_FILE;
if (file) {
  process.on('exit', () => {
    const r = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ cpuUs: r.userCPUTime + r.systemCPUTime, maxRssKb: r.maxRSS }));
  });
}
