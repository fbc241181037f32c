// shared/capabilities.ts: the file types each backend takes, the local extensions each one honours, and
// what each does with SoMark's feature_config switches, which docs/protocol.md's table must state alike.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  capabilitiesOf,
  FEATURE_SUPPORT,
  honours,
  LOCAL_EXTENSIONS,
  switchSupport,
} from '../../shared/capabilities.ts';
import { DEFAULT_FEATURE_CONFIG, type FeatureConfig } from '../../shared/somark.ts';
import type { Backend } from '../../shared/task.ts';

const BACKENDS: Backend[] = ['cloud', 'local'];
const SWITCHES = Object.keys(DEFAULT_FEATURE_CONFIG) as (keyof FeatureConfig)[];

/** The rows of the table under docs/protocol.md's feature_config heading, cells trimmed. */
function protocolTable(): string[][] {
  const doc = readFileSync(new URL('../../docs/protocol.md', import.meta.url), 'utf8');
  const start = doc.indexOf('## `feature_config`: what each backend does');
  expect(start).toBeGreaterThan(0);
  const section = doc.slice(start).split(/\n## /)[0]!;
  return section
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((l) =>
      l
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim()),
    );
}

describe('backend capabilities', () => {
  it('takes Office files on the cloud, and locally only with LibreOffice', () => {
    expect(capabilitiesOf('cloud', false).office).toBe(true);
    expect(capabilitiesOf('local', true).extensions).toContain('.docx');
    expect(capabilitiesOf('local', false).extensions).not.toContain('.docx');
    expect(capabilitiesOf('local', false).extensions).toContain('.pdf');
  });

  it('honours the local extensions on the local engine only', () => {
    for (const f of LOCAL_EXTENSIONS) expect([honours('local', f), honours('cloud', f)]).toEqual([true, false]);
  });

  it('rules every feature_config switch for every backend, with a reason', () => {
    for (const b of BACKENDS) {
      expect(Object.keys(FEATURE_SUPPORT[b]).sort()).toEqual([...SWITCHES].sort());
      for (const k of SWITCHES) expect(FEATURE_SUPPORT[b][k].why.length, `${b} ${k}`).toBeGreaterThan(10);
    }
    // The cloud is SoMark: it acts on its own switches.
    expect(SWITCHES.filter((k) => switchSupport('cloud', k) !== 'honoured')).toEqual([]);
  });

  it("docs/protocol.md's table states the same, switch by switch", () => {
    const rows = protocolTable();
    expect(rows.map((r) => r[0])).toEqual(SWITCHES.map((k) => `\`${k}\``));
    for (const [cell, cloud, local, why] of rows) {
      const k = cell!.slice(1, -1) as keyof FeatureConfig;
      expect({ k, cloud, local, why }).toEqual({
        k,
        cloud: switchSupport('cloud', k),
        local: switchSupport('local', k),
        why: FEATURE_SUPPORT.local[k].why,
      });
    }
  });
});
