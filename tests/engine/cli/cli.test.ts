// The CLIs as users run them: engine/cli/parse.ts (in-process and against a running engine) and
// engine/cli/server.ts (URL line, SIGTERM, usage errors).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { corpus, KEY, REPO, startTestServer, type TestServer } from '../server/helpers.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(
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

let out: string;
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'docparse-cli-'));
});
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

const PICTURES = corpus('pdf-digital/picture_classification.pdf');
const BAD = corpus('encrypted/password.pdf');

async function checkOutputs(dir: string, stem: string, pages: number): Promise<void> {
  const md = await readFile(join(dir, `${stem}.md`), 'utf8');
  expect(md.length).toBeGreaterThan(50);
  const json = JSON.parse(await readFile(join(dir, `${stem}.json`), 'utf8'));
  expect(json.pages).toHaveLength(pages);
  const zip = unzipSync(new Uint8Array(await readFile(join(dir, `${stem}.zip`))));
  expect(Object.keys(zip)).toEqual(expect.arrayContaining(['main.md', 'main.json']));
  expect(strFromU8(zip['main.md']!)).toContain('./images/image_001.png');
}

describe('parse CLI, in-process', () => {
  it('writes <stem>.md/.json/.zip; a bad file fails with one line and exit 1', async () => {
    const dir = join(out, 'local');
    const r = await run('engine/cli/parse.ts', [PICTURES, BAD, '--out', dir, '--formats', 'markdown,json,zip']);
    expect(r.code, r.stderr).toBe(1);
    await checkOutputs(dir, 'picture_classification', 2);
    // Crops are copied beside the Markdown, which links them relatively.
    const md = await readFile(join(dir, 'picture_classification.md'), 'utf8');
    expect(md).toContain('./picture_classification_images/image_001.png');
    expect(existsSync(join(dir, 'picture_classification_images', 'image_001.png'))).toBe(true);
    expect(md).not.toContain('@docparse');
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^error: .*password\.pdf: .*password.*\(code 1106\)$/);
    expect(existsSync(join(dir, 'password.md'))).toBe(false);
    expect(r.stderr).toMatch(/1 of 2 file\(s\) parsed, 1 failed/);
  });

  it('exit 0 when every file parses; default formats are markdown and json', async () => {
    const dir = join(out, 'defaults');
    const r = await run('engine/cli/parse.ts', [corpus('pdf-digital/two_paragraphs.pdf'), '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['two_paragraphs.json', 'two_paragraphs.md']);
    expect(r.stderr).toMatch(/two_paragraphs\.pdf: done, 1 pages/);
  });

  it('joins a paragraph a page break split by default, as the app does; --feature-config turns it off', async () => {
    const file = corpus('pdf-digital/multi-column-2p.pdf');
    const on = await run('engine/cli/parse.ts', [file, '--out', join(out, 'joined')]);
    expect(on.code, on.stderr).toBe(0);
    expect(await readFile(join(out, 'joined', 'multi-column-2p.md'), 'utf8')).toContain(
      'multiple open-domain QA datasets, it also',
    );
    const off = await run('engine/cli/parse.ts', [
      file,
      '--out',
      join(out, 'split'),
      '--feature-config',
      '{"enable_text_cross_page":false}',
    ]);
    expect(off.code, off.stderr).toBe(0);
    expect(await readFile(join(out, 'split', 'multi-column-2p.md'), 'utf8')).toContain(
      'multiple open-domain\n\nQA datasets, it also',
    );
  });

  it('usage errors exit 2', async () => {
    expect((await run('engine/cli/parse.ts', [PICTURES])).code).toBe(2);
    expect((await run('engine/cli/parse.ts', [PICTURES, '--out', out, '--formats', 'pdf'])).code).toBe(2);
    const missing = await run('engine/cli/parse.ts', [join(out, 'nope.pdf'), '--out', out]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/error: .*nope\.pdf: no such file/);
  });
});

describe('parse CLI, remote', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  it('parses through a SoMark-compatible service with --base-url and --api-key', async () => {
    const dir = join(out, 'remote');
    const r = await run('engine/cli/parse.ts', [
      PICTURES,
      '--out',
      dir,
      '--formats',
      'markdown,json,zip',
      '--base-url',
      srv.url,
      '--api-key',
      KEY,
      '--poll-ms',
      '200',
    ]);
    expect(r.code, r.stderr).toBe(0);
    await checkOutputs(dir, 'picture_classification', 2);
    expect(r.stderr).toMatch(/submitted as [0-9a-f]{32}/);
    expect(await readFile(join(dir, 'picture_classification.md'), 'utf8')).toContain(`${srv.url}/files/`);
  });

  it('a wrong key fails each file with code 1107', async () => {
    const r = await run('engine/cli/parse.ts', [
      PICTURES,
      '--out',
      join(out, 'wrong'),
      '--base-url',
      srv.url,
      '--api-key',
      'sk-wrong',
      '--poll-ms',
      '200',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: .*picture_classification\.pdf: Invalid API key \(code 1107\)/);
  });
});

describe('server CLI', () => {
  it('prints the URL once it accepts requests and stops on SIGTERM with exit 0', async () => {
    const data = join(out, 'server-data');
    const r = await run('engine/cli/server.ts', ['--port', '0', '--api-key', KEY, '--data-dir', data, '--quiet'], {
      untilStdout: /\/api\/v1/,
    });
    expect(r.stdout).toMatch(/^DocParse engine listening on http:\/\/127\.0\.0\.1:\d+\/api\/v1$/m);
    expect(r.code).toBe(0);
  });

  it('answers on the printed URL (SIGINT stops it)', async () => {
    const data = join(out, 'server-data2');
    let answered = 0;
    const r = await new Promise<Run>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          '--disable-warning=ExperimentalWarning',
          join(REPO, 'engine/cli/server.ts'),
          '--port',
          '0',
          '--no-auth',
          '--data-dir',
          data,
          '--quiet',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      child.stdout.on('data', async (c: Buffer) => {
        stdout += c.toString();
        const m = /(http:\/\/\S+\/api\/v1)/.exec(stdout);
        if (!m) return;
        const res = await fetch(`${m[1]}/usage`, { method: 'POST' });
        answered = (await res.json()).code === 0 ? 1 : -1;
        child.kill('SIGINT');
      });
      child.on('exit', (code) => resolve({ code, stdout, stderr: '' }));
    });
    expect(answered).toBe(1);
    expect(r.code).toBe(0);
  });

  it('refuses to start without a key or --no-auth (exit 2)', async () => {
    const r = await run('engine/cli/server.ts', ['--port', '0', '--data-dir', join(out, 'server-data3')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--api-key.*--no-auth/);
  });
});
