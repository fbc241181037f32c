// Seeded prose for the held-out-like documents: English sentences and Chinese clauses drawn from fixed
// phrase lists, so every run writes the same text and the truth is exact without hand-typed paragraphs.

/** A small deterministic PRNG (mulberry32) over a seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

const EN_SUBJECTS = [
  'The proposed method',
  'Our evaluation',
  'The baseline system',
  'Each regional office',
  'The survey team',
  'This approach',
  'The control group',
  'A second experiment',
  'The reference implementation',
  'The committee',
  'The measured throughput',
  'Most participants',
  'The revised schedule',
  'The storage layer',
  'The parser',
];
const EN_VERBS = [
  'reduces',
  'improves',
  'confirms',
  'depends on',
  'outperforms',
  'summarises',
  'extends',
  'replaces',
  'measures',
  'requires',
  'anticipates',
  'separates',
  'combines',
  'documents',
  'stabilises',
];
const EN_OBJECTS = [
  'the latency of every request',
  'the accuracy reported in earlier work',
  'the cost of manual review',
  'the quarterly budget of the department',
  'a representative sample of invoices',
  'the error rate on long inputs',
  'the structure of multi-column pages',
  'the memory used by the index',
  'the variance between annual reports',
  'the agreement between two annotators',
  'the number of failed transfers',
  'the time needed to train new staff',
];
const EN_TAILS = [
  'under realistic load',
  'in most of the cases we studied',
  'when the input is noisy',
  'across all four regions',
  'without any additional tuning',
  'at a fraction of the previous cost',
  'as shown in the next section',
  'for documents longer than ten pages',
  'during the second quarter',
  'with a modest amount of memory',
];

/** `n` English sentences. */
export function enText(seed: number, n: number): string {
  const r = rng(seed);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = `${pick(r, EN_SUBJECTS)} ${pick(r, EN_VERBS)} ${pick(r, EN_OBJECTS)} ${pick(r, EN_TAILS)}`;
    out.push(
      r() < 0.3
        ? `${s}, and ${pick(r, EN_SUBJECTS).toLowerCase()} ${pick(r, EN_VERBS)} ${pick(r, EN_OBJECTS)}.`
        : `${s}.`,
    );
  }
  return out.join(' ');
}

const ZH_OPEN = [
  '随着城市化进程的加快',
  '在现有研究的基础上',
  '为了提高数据处理的效率',
  '从工程实践的角度来看',
  '根据近五年的统计结果',
  '针对上述问题',
];
const ZH_SUBJ = ['本文', '该方法', '研究团队', '试验结果', '新的模型', '管理部门', '这一指标', '多数样本'];
const ZH_PRED = [
  '分析了不同荷载作用下结构的位移响应',
  '提出了一种基于版面分析的文本抽取方法',
  '显著降低了人工校对的成本',
  '验证了模型在长文档上的稳定性',
  '比较了两种算法在实际场景中的表现',
  '给出了相应的优化建议',
  '提高了表格识别的准确率',
  '减少了构件的截面尺寸',
  '说明了参数选择对结果的影响',
  '揭示了区域之间的明显差异',
];
const ZH_TAIL = [
  '并取得了较好的经济效益',
  '同时保持了较高的处理速度',
  '其结果与理论分析基本一致',
  '为后续研究提供了参考',
  '具有一定的推广价值',
];

/** `n` Chinese sentences (clauses joined with ， and closed with 。). */
export function zhText(seed: number, n: number): string {
  const r = rng(seed);
  let out = '';
  for (let i = 0; i < n; i++) {
    const parts = [pick(r, ZH_OPEN), pick(r, ZH_SUBJ) + pick(r, ZH_PRED)];
    if (r() < 0.6) parts.push(pick(r, ZH_TAIL));
    out += `${parts.join('，')}。`;
  }
  return out;
}

/** Chinese prose with English terms and numbers mixed in (as in bilingual technical writing). */
export function mixedText(seed: number, n: number): string {
  const r = rng(seed);
  const terms = ['OCR', 'PDF', 'Transformer', 'GPU', 'API', 'F1', 'JSON', 'Python 3.12', 'LibreOffice'];
  let out = '';
  for (let i = 0; i < n; i++) {
    out += `${pick(r, ZH_OPEN)}，${pick(r, ZH_SUBJ)}使用 ${pick(r, terms)} ${pick(r, ZH_PRED)}，准确率达到 ${(80 + r() * 19).toFixed(1)}%。`;
  }
  return out;
}
