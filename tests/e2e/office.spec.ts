// E2E (browser mode, real local engine with LibreOffice): drop a .docx → Done, and the review screen
// draws its converted PDF's pages with boxes; a password-protected PDF asks for its password, says when
// it is wrong, and reaches Done with the right one.
import { expect, test } from './fixtures.ts';
import { corpus, dropFiles, expectRowState, listTasks, row } from './app-ui.ts';

test('word_sample.docx → Done; the review shows its pages and boxes', async ({ page, app }) => {
  test.setTimeout(180_000);
  await dropFiles(page, corpus('office/word_sample.docx'));
  await expectRowState(page, 'word_sample.docx', 'SUCCESS');
  const [task] = await listTasks(app);
  expect(task).toMatchObject({ state: 'SUCCESS', fileType: '.docx' });
  await row(page, 'word_sample.docx').click();
  await expect(page.getByTestId('review')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Hide the queue' }).click();
  await expect(page.locator('[data-testid=page-pane] [data-testid=page-canvas][data-rendered="1"]').first()).toBeVisible({ timeout: 30_000 });
  expect(await page.locator('[data-testid=page-pane] .rv-box').count()).toBeGreaterThan(3);
});

test('a password-protected PDF: prompt → wrong password says so → right password → Done', async ({ page }) => {
  test.setTimeout(150_000);
  await dropFiles(page, corpus('encrypted/password.pdf'));
  await expectRowState(page, 'password.pdf', 'FAILED');
  await row(page, 'password.pdf').click();
  await expect(page.getByTestId('task-error')).toContainText('This PDF is password-protected');
  await page.getByTestId('password-input').fill('not-it');
  await page.getByRole('button', { name: 'Open with this password' }).click();
  await expect(page.getByTestId('task-error')).toContainText('password is wrong', { timeout: 60_000 });
  await page.getByTestId('password-input').fill('password');
  await page.getByRole('button', { name: 'Open with this password' }).click();
  await expectRowState(page, 'password.pdf', 'SUCCESS');
});
