// Formula bench: born-digital PDFs with known LaTeX (bench/formulas/: LibreOffice Math objects, Office Math
// in a .docx, pdfLaTeX when installed, and the corpus's Word equations.docx against its reference Markdown)
// parsed by the local engine; every display formula's equation block scored against its
// truth (latex-similarity.ts, normalised and strict), its number (\tag), and every inline formula as `$…$`
// in the Markdown. Prints per formula and the means against the 0.80 bar.
//   node bench/formulas.ts [--keep] [--verbose]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from '../engine/core/parse.ts';
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURE_CONFIG } from '../shared/somark.ts';
import { makePdfs } from './formulas/make.ts';
import { strictSimilarity, texSimilarity } from './latex-similarity.ts';

const BAR = 0.8;
const keep = process.argv.includes('--keep'),
  verbose = process.argv.includes('--verbose');
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const f2 = (x: number) => x.toFixed(2);

/** Pairs truths with read-back formulas, best similarity first, each used once; unmatched truths get -1. */
function match(truths: string[], got: string[]): number[] {
  const pairs = truths
    .flatMap((t, i) => got.map((g, j) => ({ i, j, s: texSimilarity(g, t) })))
    .sort((a, b) => b.s - a.s);
  const out = truths.map(() => -1),
    used = new Set<number>();
  for (const p of pairs)
    if (out[p.i] < 0 && !used.has(p.j) && p.s > 0.2) {
      out[p.i] = p.j;
      used.add(p.j);
    }
  return out;
}

const tagOf = (tex: string) => /\\tag\{([^}]*)\}/.exec(tex)?.[1];

const dir = await mkdtemp(join(tmpdir(), 'docparse-bench-formulas-'));
const summary: string[] = [];
try {
  for (const { producer, pdf, display: DISPLAY, inline: INLINE } of await makePdfs(dir, (s) => console.log(s))) {
    const doc = await parseDocument(pdf, `${producer}.pdf`, {
      featureConfig: DEFAULT_FEATURE_CONFIG,
      elementFormats: DEFAULT_ELEMENT_FORMATS,
      imageDir: join(dir, `img-${producer}`),
      imageUrl: (n) => n,
    });
    const blocks = doc.json.pages.flatMap((p) => p.blocks);
    const eqs = blocks.filter((b) => b.type === 'equation').map((b) => b.content);
    const at = match(
      DISPLAY.map((d) => d.tex),
      eqs,
    );
    console.log(
      `\n== ${producer}: ${DISPLAY.length} display formulas, ${eqs.length} equation blocks, ${INLINE.length} inline`,
    );
    const sims: number[] = [],
      stricts: number[] = [];
    let tagsOk = 0;
    DISPLAY.forEach((d, i) => {
      const got = at[i] >= 0 ? eqs[at[i]] : '';
      const s = got ? texSimilarity(got, d.tex) : 0,
        st = got ? strictSimilarity(got, d.tex) : 0;
      const tagOk = tagOf(got) === d.tag;
      sims.push(s);
      stricts.push(st);
      if (tagOk) tagsOk++;
      if (verbose || s < BAR || !tagOk) {
        console.log(
          `${String(i + 1).padStart(2)} ${f2(s)} ${f2(st)} tag ${tagOk ? 'ok' : `${tagOf(got) ?? '-'}≠${d.tag ?? '-'}`}  ${d.tex}${d.tag ? ` \\tag{${d.tag}}` : ''}`,
        );
        console.log(`            got: ${got || '(no equation block)'}`);
      }
    });
    const extra = eqs.filter((_, j) => !at.includes(j));
    for (const e of extra) console.log(`   extra equation block: ${e}`);
    // Inline: `$…$` spans of the Markdown (not $$ fences), each matched once.
    const spans = [...doc.markdown.replace(/\$\$[\s\S]*?\$\$/g, ' ').matchAll(/\$([^$\n]+)\$/g)].map((m) => m[1]);
    const inAt = match(INLINE, spans);
    const inl = INLINE.map((t, i) => (inAt[i] >= 0 ? texSimilarity(spans[inAt[i]], t) : 0));
    INLINE.forEach((t, i) => {
      if (verbose || inl[i] < BAR)
        console.log(`inline ${f2(inl[i])}  $${t}$  got: ${inAt[i] >= 0 ? `$${spans[inAt[i]]}$` : '(none)'}`);
    });
    const line =
      `${producer.padEnd(12)} display ${f2(mean(sims))} (strict ${f2(mean(stricts))}, ${sims.filter((s) => s >= BAR).length}/${sims.length} ≥ ${BAR}), ` +
      `tags ${tagsOk}/${DISPLAY.length}, extra blocks ${extra.length}, inline ${f2(mean(inl))} (${inl.filter((s) => s >= BAR).length}/${inl.length})`;
    summary.push(line);
  }
  console.log(`\n${summary.join('\n')}\nbar: display LaTeX similarity ≥ ${BAR}`);
} finally {
  if (keep) console.log(`documents kept in ${dir}`);
  else await rm(dir, { recursive: true, force: true });
}
