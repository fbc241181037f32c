// The hard-swish rewrite of the PP-OCR graphs (engine/ocr/hardswish.ts): every x · Clip(x + 3, 0, 6) / 6
// chain of the shipped models becomes x · HardSigmoid(x), the models compute the same outputs, and a graph
// without the chain comes back as it was.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuseHardSwish } from '../../../engine/ocr/hardswish.ts';
import { modelDir } from '../../../engine/ocr/runtime.ts';

const ort = createRequire(import.meta.url)('onnxruntime-node');
const model = (name: string) => new Uint8Array(readFileSync(join(modelDir(), name)));
/** Occurrences of an op type's name in the serialised graph (op_type strings are stored as they are). */
const count = (bytes: Uint8Array, op: string) =>
  Buffer.from(bytes)
    .toString('latin1')
    .split(`"${String.fromCharCode(op.length)}${op}`).length - 1;

async function outputs(bytes: Uint8Array, dims: number[], x: Float32Array): Promise<Float32Array> {
  const s = await ort.InferenceSession.create(bytes, { intraOpNumThreads: 1, graphOptimizationLevel: 'all' });
  const out = await s.run({ [s.inputNames[0]]: new ort.Tensor('float32', x, dims) });
  await s.release();
  return out[s.outputNames[0]].data as Float32Array;
}

describe('hard-swish rewrite', () => {
  for (const [name, dims] of [
    ['en_PP-OCRv3_rec_infer.onnx', [1, 3, 48, 320]],
    ['ch_PP-OCRv4_det_infer.onnx', [1, 3, 96, 128]],
  ] as [string, number[]][]) {
    it(`${name}: same outputs, no Clip chains left`, async () => {
      const raw = model(name),
        fused = fuseHardSwish(raw);
      expect(count(raw, 'Clip')).toBeGreaterThan(20);
      expect(count(fused, 'Clip')).toBe(0);
      expect(count(fused, 'HardSigmoid')).toBe(count(raw, 'HardSigmoid') + count(raw, 'Clip'));
      let seed = 7;
      const x = new Float32Array(dims.reduce((a, b) => a * b)).map(
        () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 30 - 1,
      );
      const [a, b] = [await outputs(raw, dims, x), await outputs(fused, dims, x)];
      expect(b.length).toBe(a.length);
      let diff = 0;
      for (let i = 0; i < a.length; i++) diff = Math.max(diff, Math.abs(a[i] - b[i]));
      expect(diff).toBeLessThan(1e-4);
    }, 60_000);
  }

  it('leaves a graph without the chain as it was', () => {
    const cls = fuseHardSwish(model('ch_ppocr_mobile_v2.0_cls_infer.onnx'));
    expect(fuseHardSwish(cls)).toBe(cls);
  });
});
