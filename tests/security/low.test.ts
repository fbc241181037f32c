// Finding 7 (low): Electron fuses and macOS entitlements as configured for packaging (the packaging
// suite checks the fuses really flipped in the binary), bounded KaTeX, the engine's HTTP limits, and
// the engine key kept off command lines.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { KATEX_OPTIONS } from '../../renderer/src/components/markdown/math.ts';
import { applyServerLimits, MAX_CONNECTIONS } from '../../engine/server/limits.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const read = (rel: string): string => readFileSync(join(REPO, rel), 'utf8');

describe('packaging configuration', () => {
  it('electron-builder flips the safe fuse set', () => {
    const block = /^electronFuses:\n((?: {2}\w+: (?:true|false)\n)+)/m.exec(read('electron-builder.yml'))?.[1] ?? '';
    const fuses = Object.fromEntries([...block.matchAll(/(\w+): (true|false)/g)].map((m) => [m[1], m[2] === 'true']));
    expect(fuses).toMatchObject({
      runAsNode: false, enableCookieEncryption: true, enableNodeOptionsEnvironmentVariable: false, enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true, onlyLoadAppFromAsar: true, grantFileProtocolExtraPrivileges: false,
    });
  });

  it('the macOS entitlements keep only JIT', () => {
    const plist = read('build/entitlements.mac.plist').replace(/<!--[\s\S]*?-->/g, '');
    expect(plist).toContain('com.apple.security.cs.allow-jit');
    expect(plist).not.toContain('disable-library-validation');
    expect(plist).not.toContain('allow-unsigned-executable-memory');
  });
});

describe('KaTeX in the renderer', () => {
  it('caps sizes and macro expansion', () => {
    const huge = katex.renderToString('\\rule{100000em}{1em}', { ...KATEX_OPTIONS });
    expect(huge).not.toMatch(/style="[^"]*100000em/);
    expect(huge).toMatch(/style="[^"]*20em/);
    const loop = katex.renderToString('\\def\\a{\\a\\a}\\a', { ...KATEX_OPTIONS });
    expect(loop).toMatch(/Too many expansions|katex-error/);
  });
});

describe('engine HTTP limits', () => {
  it('bounds connections and how long headers, a request and an idle keep-alive may take', () => {
    const s = createServer();
    applyServerLimits(s);
    expect(s.maxConnections).toBe(MAX_CONNECTIONS);
    expect(s.headersTimeout).toBeLessThanOrEqual(30_000);
    expect(s.requestTimeout).toBeGreaterThan(0);
    expect(s.keepAliveTimeout).toBeLessThanOrEqual(10_000);
  });
});

describe('engine key', () => {
  it('the app hands its engine process the key in the start message (no command line, no environment); the CLI reads keys from the environment', () => {
    // The launchers name no key (tests/electron/services/engine-supervisor.test.ts reads /proc/<pid>/cmdline
    // and environ of the running engine); only the manager's start message carries it.
    for (const f of ['electron/services/backend/engine-process.ts', 'electron/main/engine-process.ts']) {
      expect(read(f)).not.toMatch(/api-?key|DOCPARSE_API_KEYS|secret|env:/i);
    }
    expect(read('electron/services/backend/engine-manager.ts')).toMatch(/type: 'start', [^}]*apiKeys: \[key\]/);
    expect(read('engine/cli/server.ts')).toContain('DOCPARSE_API_KEYS');
  });
});
