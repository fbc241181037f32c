// The recognition checkboxes note what shared/capabilities.ts says the chosen backend does with each switch:
// "SoMark cloud only" where it ignores one, "always on" where it applies one whatever it says, nothing else.
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FEATURE_SUPPORT } from '../../shared/capabilities.ts';
import { CLIENT_FEATURE_CONFIG, type FeatureConfig } from '../../shared/somark.ts';
import type { Backend } from '../../shared/task.ts';
import { describeSide } from '../../renderer/src/features/compare/labels.ts';
import { FEATURE_ORDER, FeatureChecks } from '../../renderer/src/features/settings/FeatureChecks.tsx';
import { setLocale, translate, type TFunction } from '../../renderer/src/i18n/index.ts';
import '../../renderer/src/features/queue/messages.ts';
import { resetRenderer } from './setup.ts';

afterEach(resetRenderer);

const noted = (testId: string) => screen.queryAllByTestId(testId).map((n) => n.closest('label')!.dataset.feature);
const ruled = (backend: Backend, support: string) =>
  FEATURE_ORDER.filter((k) => FEATURE_SUPPORT[backend][k].support === support);

function show(backend: Backend, hints: boolean) {
  return render(
    <FeatureChecks value={CLIENT_FEATURE_CONFIG} backend={backend} hints={hints} itemClass="c" onChange={() => {}} />,
  );
}

describe('FeatureChecks', () => {
  it('lists every switch of feature_config once', () => {
    expect([...FEATURE_ORDER].sort()).toEqual(Object.keys(CLIENT_FEATURE_CONFIG).sort());
  });

  for (const hints of [true, false])
    for (const backend of ['local', 'cloud'] as Backend[])
      it(`notes on ${backend} (${hints ? 'Settings, with hints' : 're-run dialog, names only'}) what capabilities say`, () => {
        show(backend, hints);
        expect(noted('cloud-only')).toEqual(ruled(backend, 'ignored'));
        expect(noted('local-always')).toEqual(ruled(backend, 'always on'));
        expect(screen.getAllByRole('checkbox')).toHaveLength(FEATURE_ORDER.length);
      });

  it('has notes on the local engine and none on the cloud, in both languages', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      setLocale(locale);
      const { unmount } = show('local', true);
      expect(noted('cloud-only').length).toBeGreaterThan(0);
      for (const n of screen.getAllByTestId('cloud-only')) expect(n.textContent).toMatch(/SoMark/);
      unmount();
      show('cloud', true);
      expect(noted('cloud-only')).toEqual([]);
      expect(noted('local-always')).toEqual([]);
      resetRenderer();
    }
  });

  it('leaves a switch the backend ignores checkable (the cloud acts on it)', () => {
    show('local', false);
    const k: keyof FeatureConfig = ruled('local', 'ignored')[0]!;
    const box = document.querySelector<HTMLInputElement>(`[data-feature="${k}"] input`)!;
    expect(box.disabled).toBe(false);
  });
});

// The compare screen names a side's switches by what its backend did with them, the same rules.
describe('describeSide', () => {
  const t: TFunction = (key, vars) => translate(key, vars, 'en');
  const side = (backend: Backend, featureConfig: Partial<FeatureConfig>, ocr = true) => ({
    backend,
    featureConfig,
    fileOptions: { ocr, ocrLang: 'auto' as const, pageRange: '' },
  });

  it('leaves out a switch the local engine always applies, and one it ignores', () => {
    const a = side('local', { enable_title_level_recognition: true, enable_image_understanding: true });
    const b = side('local', { enable_title_level_recognition: false, enable_image_understanding: false });
    expect(describeSide(t, b, a)).toBe('Local engine');
  });

  it('names a switch the backend honours, and OCR off', () => {
    const a = side('local', { keep_header_footer: false });
    const b = side('local', { keep_header_footer: true }, false);
    expect(describeSide(t, b, a)).toBe('Local engine · Keep headers and footers: ✓ · OCR off · all pages');
    expect(describeSide(t, side('cloud', { enable_image_understanding: true }), a)).toContain('Describe images: ✓');
  });
});
