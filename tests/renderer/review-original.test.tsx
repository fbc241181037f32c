// The review screen while its original opens: pages say they are being drawn; what pdf.js cannot open or
// draw is asked of main, and a protected PDF asks for its password.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewView } from '../../renderer/src/features/review/ReviewView.tsx';
import { resetRenderer } from './setup.ts';
import { sampleView } from './review-fixture.ts';
import { fakeApi } from './fake-api.ts';
import { setApi } from '../../renderer/src/lib/ipc.ts';
import type { PdfDoc } from '../../renderer/src/features/review/pdf.ts';
import { sizePanes } from './review-panes.ts';

sizePanes();
afterEach(resetRenderer);

describe('ReviewView: the original while it opens, and a protected one', () => {
  afterEach(() => setApi(null));
  const pdfView = () => sampleView({ originalUrl: 'http://127.0.0.1:1/assets/k/results/req_sample0001/original' });

  it('every page says it is being drawn until the original opens', () => {
    render(<ReviewView view={pdfView()} pdf={new Promise<PdfDoc>(() => undefined)} />);
    const pages = screen.getAllByTestId('page');
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) {
      expect(within(p).getByTestId('page-loading').textContent).toBe('Drawing the page…');
      expect(p.getAttribute('aria-busy')).toBe('true');
    }
  });

  it('pages pdf.js opened but cannot draw are asked of main, once for the document', async () => {
    const api = fakeApi({ 'results:pages': () => ({ state: 'ready', pages: 2 }) });
    setApi(api);
    const size = { w: 500, h: 700 };
    const failing: PdfDoc = {
      numPages: 2,
      knownPoints: () => size,
      points: async () => size,
      destroy: () => undefined,
      render: () => ({ done: Promise.resolve(null), cancel: () => undefined, failed: true }),
    };
    render(<ReviewView view={pdfView()} pdf={Promise.resolve(failing)} />);
    await waitFor(() => expect(api.pairs.filter(([c]) => c === 'results:pages')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(api.pairs.filter(([c]) => c === 'results:pages')).toEqual([['results:pages', { id: 'req_sample0001' }]]);
  });

  it('a PDF pdf.js cannot open asks main; a protected one asks for its password and sends it to main only', async () => {
    const api = fakeApi({
      'results:pages': (req) =>
        req.password === 'right'
          ? { state: 'ready', pages: 2 }
          : { state: 'password', wrong: req.password !== undefined },
    });
    setApi(api);
    render(<ReviewView view={pdfView()} pdf={Promise.reject(new Error('No password given'))} />);
    const input = await screen.findByLabelText(/password-protected/);
    expect(screen.queryByTestId('page-loading')).toBeNull();
    fireEvent.change(input, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show pages' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The password is wrong');
    expect((input as HTMLInputElement).value).toBe('');
    fireEvent.change(input, { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show pages' }));
    await waitFor(() => expect(screen.getByTestId('review').getAttribute('data-drawn')).toBe('mupdf'));
    expect(screen.queryByTestId('page-password')).toBeNull();
    expect(api.pairs.filter(([c]) => c === 'results:pages').map(([, r]) => r)).toEqual([
      { id: 'req_sample0001' },
      { id: 'req_sample0001', password: 'nope' },
      { id: 'req_sample0001', password: 'right' },
    ]);
  });
});
