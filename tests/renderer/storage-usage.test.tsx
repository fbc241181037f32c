// StorageUsage in jsdom: the space results take, in words for one result or many, and the data folder.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageUsage } from '../../renderer/src/features/history/StorageUsage.tsx';
import { resetRenderer } from './setup.ts';
import { installLooseApi } from './app-state.ts';

afterEach(resetRenderer);

describe('StorageUsage', () => {
  it('says "1 result" for one', async () => {
    installLooseApi({ 'storage:usage': () => ({ bytes: 1536, items: 1, dataDir: '/d' }) });
    render(<StorageUsage />);
    await waitFor(() =>
      expect(screen.getByTestId('storage-usage').textContent).toBe(
        'Results stored: 1.5 KB in 1 result · Data folder: /d',
      ),
    );
  });

  it('shows bytes, items and the data folder', async () => {
    installLooseApi({ 'storage:usage': () => ({ bytes: 1536, items: 2, dataDir: '/home/me/.docparse' }) });
    render(<StorageUsage />);
    await waitFor(() =>
      expect(screen.getByTestId('storage-usage').textContent).toBe(
        'Results stored: 1.5 KB in 2 results · Data folder: /home/me/.docparse',
      ),
    );
  });
});
