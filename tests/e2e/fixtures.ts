// The e2e harness. Import { test, expect } from here instead of @playwright/test:
//   app   browser mode started for this test (fresh temp data folder, random port, real local engine):
//         { url, origin, port, token, dataDir, logs(), restart(), stop({signal}), start() }
//   page  already opened at app.url (the page keeps the token in sessionStorage)
// Set `test.use({ appOptions: { env: {...} } })` for extra server environment, or a shared dataDir.
import { test as base, expect } from '@playwright/test';
import { startWebApp, type WebApp, type WebAppOptions } from './support/web-app.ts';

export { expect };
export type { WebApp };
export { invokeFromTest, invokeInPage } from './support/ipc.ts';

interface Fixtures {
  appOptions: WebAppOptions;
  app: WebApp;
}

export const test = base.extend<Fixtures>({
  appOptions: [{}, { option: true }],
  app: async ({ appOptions }, use, testInfo) => {
    const app = await startWebApp(appOptions);
    try {
      await use(app);
    } finally {
      await app.stop();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('browser-mode server log', { body: app.logs(), contentType: 'text/plain' });
      }
      await app.dispose();
    }
  },
  page: async ({ page, app }, use) => {
    await page.goto(app.url);
    await use(page);
  },
});
