// The local engine does with each feature_config switch what shared/capabilities.ts says (FEATURE_SUPPORT):
// corpus files parsed with one switch flipped at a time. A switch it ignores or always applies changes nothing;
// one it honours changes only the Markdown, never the JSON or the catalog.
import { describe, expect, it } from 'vitest';
import { FEATURE_SUPPORT } from '../../shared/capabilities.ts';
import { CLIENT_FEATURE_CONFIG, type FeatureConfig } from '../../shared/somark.ts';
import type { ParsedDocument } from '../../engine/types.ts';
import { parseCorpus, suiteDir } from './parse/helpers.ts';

/** Born-digital files with running headers, figures, tables, two columns and paragraphs cut by page breaks. */
const FILES = [
  'pdf-digital/normal_4pages.pdf',
  'pdf-digital/picture_classification.pdf',
  'pdf-digital/table_mislabeled_as_picture.pdf',
  'pdf-digital/multi-column-2p.pdf',
  'pdf-digital/2305.03393v1-pg9.pdf',
];

const SWITCHES = Object.keys(CLIENT_FEATURE_CONFIG) as (keyof FeatureConfig)[];
const rules = FEATURE_SUPPORT.local;
const at = suiteDir();

const outputs = (d: ParsedDocument) => ({ json: d.json, catalog: d.catalog, markdown: d.markdown });
const parse = (file: string, fc: FeatureConfig) => parseCorpus(file, at(), { fc }).then(outputs);

/** For each file: its outputs with the app's defaults, and with each switch flipped on its own. */
async function flips(file: string) {
  const base = await parse(file, CLIENT_FEATURE_CONFIG);
  const flipped: Partial<Record<keyof FeatureConfig, ReturnType<typeof outputs>>> = {};
  for (const k of SWITCHES)
    flipped[k] = await parse(file, { ...CLIENT_FEATURE_CONFIG, [k]: !CLIENT_FEATURE_CONFIG[k] });
  return { base, flipped };
}

describe('feature_config switches in the local engine', () => {
  const runs = new Map<string, Awaited<ReturnType<typeof flips>>>();
  const run = async (file: string) => {
    if (!runs.has(file)) runs.set(file, await flips(file));
    return runs.get(file)!;
  };

  it('changes nothing for a switch it ignores or always applies', async () => {
    const still = SWITCHES.filter((k) => rules[k].support !== 'honoured');
    expect(still.length).toBeGreaterThan(0);
    for (const file of FILES) {
      const { base, flipped } = await run(file);
      for (const k of still) expect(flipped[k], `${file}: ${k}`).toEqual(base);
    }
  });

  it('changes only the Markdown for a switch it honours, and each one changes it for some file', async () => {
    const honoured = SWITCHES.filter((k) => rules[k].support === 'honoured');
    const changed = new Set<keyof FeatureConfig>();
    for (const file of FILES) {
      const { base, flipped } = await run(file);
      for (const k of honoured) {
        expect(flipped[k]!.json, `${file}: ${k}`).toEqual(base.json);
        expect(flipped[k]!.catalog, `${file}: ${k}`).toEqual(base.catalog);
        if (flipped[k]!.markdown !== base.markdown) changed.add(k);
      }
    }
    // A table going on over a page needs a table cut by a page break: tests/engine/parse/layout-fidelity-tables.test.ts.
    expect([...changed].sort()).toEqual(honoured.filter((k) => k !== 'enable_table_cross_page').sort());
  });
});
