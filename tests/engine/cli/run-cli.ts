// Runs one of the engine's CLIs as a user would (a Node process from the repo folder) and collects its
// exit code and output; `untilStdout` stops it with `signal` once its stdout matches.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO } from '../server/helpers.ts';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function run(
  script: string,
  args: string[],
  opts: { untilStdout?: RegExp; signal?: NodeJS.Signals } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', join(REPO, script), ...args], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (opts.untilStdout?.test(stdout)) child.kill(opts.signal ?? 'SIGTERM');
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
