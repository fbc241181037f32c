// How the compare screen names a result: its backend and the recognition settings, OCR and pages in which
// it differs from the other result ("Local engine · Keep headers and footers: ✓ · OCR: Off"), in the
// current language.
import { switchSupport } from '../../../../shared/capabilities.ts';
import { DEFAULT_FILE_OPTIONS, type FileOptions } from '../../../../shared/file-options.ts';
import type { FeatureConfig } from '../../../../shared/somark.ts';
import type { Backend } from '../../../../shared/task.ts';
import { fileOptionsSummary } from '../../components/FileOptionsFields.tsx';
import type { TFunction } from '../../i18n/index.ts';
import { FEATURE_ORDER } from '../settings/FeatureChecks.tsx';

export interface Described {
  backend: Backend;
  featureConfig: Partial<FeatureConfig>;
  /** OCR and pages it was parsed with; absent: the defaults. */
  fileOptions?: FileOptions;
}

/** What the side's backend did with switch `k`: on where it always applies it, off where it ignores it. */
function applied(x: Described, k: keyof FeatureConfig): boolean | undefined {
  const support = switchSupport(x.backend, k);
  return support === 'always on' ? true : support === 'ignored' ? false : x.featureConfig[k];
}

/** Backend, then each switch whose effect differs from `other`'s (as shared/capabilities.ts says the
 *  backends apply them: unticking one the local engine always applies changes nothing), then OCR and pages. */
export function describeSide(t: TFunction, me: Described, other: Described | null): string {
  const parts = [t(`backend.${me.backend}`)];
  if (other) {
    for (const k of FEATURE_ORDER) {
      const mine = applied(me, k);
      if (mine !== undefined && mine !== applied(other, k)) parts.push(`${t(`features.${k}`)}: ${mine ? '✓' : '✗'}`);
    }
    const [mine, theirs] = [me, other].map((x) => fileOptionsSummary(x.fileOptions ?? DEFAULT_FILE_OPTIONS, t));
    if (mine !== theirs) parts.push(mine!);
  }
  return parts.join(' · ');
}

/** Seconds with one decimal, or the "not known" word. */
export const seconds = (t: TFunction, ms: number | null): string =>
  ms === null ? t('compare.unknown') : `${(ms / 1000).toFixed(1)} s`;
