// What the app says when the backend cannot take a file for a reason outside the file: an Office file on
// an engine without LibreOffice (install it, or switch to SoMark cloud) and a password-protected PDF.
// Real engine (started without LibreOffice), the app's real services talking to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineServer, type EngineServer } from '../../../engine/server/index.ts';
import { corpus, makeServices, removeTemps, tempDir, waitFinal, type Harness } from './helpers.ts';

const KEY = 'sk-office-errors-123456';
let engine: EngineServer;
let h: Harness;

beforeAll(async () => {
  const dataDir = await tempDir('dp-engine-');
  engine = await startEngineServer({
    port: 0,
    dataDir,
    apiKeys: [KEY],
    workers: 1,
    soffice: `${dataDir}/no-libreoffice/soffice`,
  });
  h = await makeServices();
  await h.svc.handlers['settings:set']({ backend: 'cloud', cloudBaseUrl: engine.url });
  await h.svc.handlers['key:set']({ apiKey: KEY });
});
afterAll(async () => {
  await h.close();
  await engine.close();
  await removeTemps();
});

describe('errors that name the way out', () => {
  it('a .docx without LibreOffice: NEEDS_LIBREOFFICE, naming the install and the cloud backend', async () => {
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('office/word_sample.docx')] });
    const done = await waitFinal(h, t!.id);
    expect(done.state).toBe('FAILED');
    expect(done.error?.code).toBe('NEEDS_LIBREOFFICE');
    expect(done.error?.message).toMatch(/Install LibreOffice.*SoMark cloud/);
    expect(done.error?.message).not.toMatch(/problem is in the file/i);
  });

  it('a password-protected PDF: PASSWORD_REQUIRED, not "damaged"', async () => {
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('encrypted/password.pdf')] });
    const done = await waitFinal(h, t!.id);
    expect(done.state).toBe('FAILED');
    expect(done.error?.code).toBe('PASSWORD_REQUIRED');
    expect(done.error?.message).toMatch(/This PDF is password-protected/);
  });

  it('a damaged PDF stays a file problem (SERVICE_1106)', async () => {
    const {
      tasks: [t],
    } = await h.svc.handlers['tasks:submit']({ paths: [corpus('bad-input/garbage.pdf')] });
    const done = await waitFinal(h, t!.id);
    expect(done.error?.code).toMatch(/^SERVICE_110[46]$/);
  });
});
