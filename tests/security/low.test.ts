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
import { shareAddress } from '../../engine/server/http.ts';
import {
  ADDRESS_KEYED,
  ADDRESS_KEYLESS,
  applyServerLimits,
  MAX_CONNECTIONS,
  MAX_HOLDS,
  SOCKET_CEILING,
} from '../../engine/server/limits.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const read = (rel: string): string => readFileSync(join(REPO, rel), 'utf8');

describe('packaging configuration', () => {
  it('electron-builder flips the safe fuse set', () => {
    const block = /^electronFuses:\n((?: {2}\w+: (?:true|false)\n)+)/m.exec(read('electron-builder.yml'))?.[1] ?? '';
    const fuses = Object.fromEntries([...block.matchAll(/(\w+): (true|false)/g)].map((m) => [m[1], m[2] === 'true']));
    expect(fuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
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
    expect(s.maxConnections).toBe(SOCKET_CEILING);
    // One address's share stays well below the whole (the rest is in fair-server.test.ts).
    expect(ADDRESS_KEYLESS * 4).toBeLessThanOrEqual(MAX_CONNECTIONS);
    expect(ADDRESS_KEYED * 2).toBeLessThanOrEqual(MAX_CONNECTIONS);
    expect(MAX_HOLDS * 2).toBeLessThanOrEqual(MAX_CONNECTIONS);
    expect(s.headersTimeout).toBeLessThanOrEqual(30_000);
    expect(s.requestTimeout).toBeGreaterThan(0);
    expect(s.keepAliveTimeout).toBeLessThanOrEqual(10_000);
  });
});

describe('engine connection shares', () => {
  it('an IPv6 caller is one address per /64 (a host owns the whole prefix); IPv4-mapped is IPv4', () => {
    expect(shareAddress('2001:db8:1:2:aaaa::1')).toBe(shareAddress('2001:db8:1:2:ffff:1:2:3'));
    expect(shareAddress('2001:db8:1:2::1')).not.toBe(shareAddress('2001:db8:1:3::1'));
    expect(shareAddress('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(shareAddress('::1')).toBe('0:0:0:0::/64');
  });
});

describe('engine key', () => {
  it('the app hands its engine process the key in the start message (no command line, no environment); the CLI reads keys from the environment', () => {
    // The launchers name no key (tests/electron/services/engine-supervisor.test.ts reads /proc/<pid>/cmdline
    // and environ of the running engine); only the manager's start message carries it.
    for (const f of ['electron/services/backend/engine-process.ts', 'electron/main/engine-process.ts']) {
      expect(read(f)).not.toMatch(/api-?key|DOCPARSE_API_KEYS|secret|env:/i);
    }
    expect(read('electron/services/backend/engine-manager.ts')).toMatch(/type: 'start',\s[^}]*apiKeys: \[key\]/);
    expect(read('engine/cli/server.ts')).toContain('DOCPARSE_API_KEYS');
  });
});
