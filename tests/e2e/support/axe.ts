// One axe-core scan of the page as the e2e suites run it: axe's default rules plus
// label-content-name-mismatch (every control's name holds its visible label), the pointer parked in the
// corner first; each violation as one line naming `where` and up to three of its nodes.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function scan(page: Page, where: string): Promise<string[]> {
  await page.mouse.move(0, 0);
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return result.violations.map(
    (v) =>
      `${where}: ${v.id} (${v.nodes.length}) ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join(' | ')}`,
  );
}
