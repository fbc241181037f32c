// In-process runner of the parse CLI: the engine core with its worker pool, a temp data dir, no HTTP.
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { ElementFormats, FeatureConfig, OutputFormat } from '../../shared/somark.ts';
import { randomHex32 } from '../../lib/atomic.ts';
import { createEngineCore } from '../core/engine.ts';
import { filesPrefix } from '../core/jobs.ts';
import { BUNDLE_FILE, IMAGES_DIR, RESULT_FILE, type StoredResult } from '../outputs/result.ts';
import type { FileOutcome, Runner } from './outcome.ts';
import { EngineError } from '../errors.ts';
import type { OcrSettings } from '../model.ts';

export interface LocalOptions {
  formats: OutputFormat[];
  elementFormats: ElementFormats;
  featureConfig: FeatureConfig;
  workers?: number;
  maxPages?: number;
  ocr?: OcrSettings;
}

export async function createLocalRunner(opts: LocalOptions): Promise<{ run: Runner; close(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'docparse-parse-'));
  const core = await createEngineCore({
    dataDir,
    workers: opts.workers,
    maxPages: opts.maxPages,
    queueLimit: 100_000,
    ocr: opts.ocr,
  });
  const run: Runner = async (file, onProgress) => {
    const upload = join(core.store.uploadsDir, `${randomHex32()}.upload`);
    await copyFile(file, upload);
    const task = await core.submit({
      uploadPath: upload,
      fileName: basename(file),
      formats: opts.formats,
      elementFormats: opts.elementFormats,
      featureConfig: opts.featureConfig,
    });
    let last = '';
    const timer = setInterval(() => {
      const p = core.view(task.task_id)?.progress;
      const note = p ? `${p.pages_done}/${p.pages_total} pages` : '';
      if (note && note !== last) onProgress((last = note));
    }, 500);
    try {
      const done = await core.wait(task.task_id);
      if (done.status !== 'SUCCESS') throw new EngineError(done.error_code ?? 1137, done.error ?? 'parsing failed');
      const dir = core.store.taskDir(task.task_id);
      const stored = JSON.parse(await readFile(join(dir, RESULT_FILE), 'utf8')) as StoredResult;
      const outcome: FileOutcome = {
        result: stored.result,
        pageCount: stored.metadata.page_num,
        zip: async () => (stored.result.outputs.zip ? new Uint8Array(await readFile(join(dir, BUNDLE_FILE))) : null),
        local: {
          imagesDir: join(dir, IMAGES_DIR),
          imagePrefix: `${filesPrefix(done.file_key)}${IMAGES_DIR}/`,
        },
      };
      return outcome;
    } finally {
      clearInterval(timer);
    }
  };
  return {
    run,
    close: async () => {
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
