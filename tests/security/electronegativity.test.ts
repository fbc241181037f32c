// Electron checklist lint: @doyensec/electronegativity on electron/ (main, preload, browser mode) may
// report only findings that docs/security.md explains in its "Electronegativity findings" table
// (by check id and file). The scan runs in a child process (tests/security/electronegativity-run.cjs).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

interface Finding {
  id: string;
  file: string;
  line: number;
  severity: string;
  description: string;
}

async function scan(folder: string): Promise<Finding[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(REPO, 'tests/security/electronegativity-run.cjs'), folder],
    { cwd: REPO, maxBuffer: 16 << 20 },
  );
  const json = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('['));
  if (!json) throw new Error(`electronegativity printed no findings list:\n${stdout}`);
  return JSON.parse(json) as Finding[];
}

/** `id file` pairs from the table rows "| `ID` | `file` | why |" of docs/security.md. */
function explained(): Set<string> {
  const doc = readFileSync(join(REPO, 'docs/security.md'), 'utf8');
  return new Set([...doc.matchAll(/^\|\s*`([A-Z_]+)`\s*\|\s*`([^`]+)`\s*\|/gm)].map((m) => `${m[1]} ${m[2]}`));
}

describe('electronegativity', () => {
  it('reports nothing on electron/ that docs/security.md does not explain', async () => {
    const findings = await scan('electron');
    // The scanner really read the sources: it always asks to review the preload.
    expect(findings.map((f) => f.id)).toContain('PRELOAD_JS_CHECK');
    const ok = explained();
    const unexplained = findings
      .filter((f) => !ok.has(`${f.id} ${f.file}`))
      .map((f) => `${f.id} ${f.file}:${f.line} (${f.severity}) ${f.description}`);
    expect(unexplained).toEqual([]);
  });
});
