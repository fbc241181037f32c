// Page images main draws for the review (results/page-images.ts): a damaged PDF's pages as PNG at the
// width asked, a protected PDF only with the session's password (wrong ones refused, the right one
// remembered in memory), and nothing for paths that are no page image or leave the task's folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createPageImages } from '../../../electron/services/results/page-images.ts';
import { corpus, removeTemps, tempDir } from './helpers.ts';

const DAMAGED = 'req_damaged01';
const LOCKED = 'req_locked001';
let root = '';

/** Width of a PNG (its IHDR). */
const pngWidth = (png: Uint8Array): number => new DataView(png.buffer, png.byteOffset).getUint32(16);

beforeAll(async () => {
  root = await tempDir('dp-pages-');
  for (const [id, rel] of [
    [DAMAGED, 'bad-input/truncated_multi_page.pdf'],
    [LOCKED, 'encrypted/password.pdf'],
  ] as const) {
    await mkdir(join(root, id));
    await copyFile(corpus(rel), join(root, id, 'original.pdf'));
  }
});
afterAll(removeTemps);

describe('createPageImages', () => {
  it('draws every page of the truncated PDF at the width asked', async () => {
    const pages = createPageImages(root);
    expect(await pages.open(DAMAGED)).toEqual({ state: 'ready', pages: 5 });
    for (let i = 0; i < 5; i++) {
      const png = await pages.asset(`results/${DAMAGED}/pages/${i}-384.png`);
      expect(png && [...png.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
      expect(pngWidth(png!)).toBe(384);
    }
    expect(await pages.asset(`results/${DAMAGED}/pages/5-384.png`)).toBeNull();
    pages.close();
  });

  it('needs the password of a protected PDF; a wrong one is refused, the right one is kept for the session', async () => {
    const pages = createPageImages(root);
    expect(await pages.open(LOCKED)).toEqual({ state: 'password', wrong: false });
    expect(await pages.asset(`results/${LOCKED}/pages/0-256.png`)).toBeNull();
    expect(await pages.open(LOCKED, 'not-it')).toEqual({ state: 'password', wrong: true });
    expect(await pages.open(LOCKED, 'password')).toMatchObject({ state: 'ready' });
    expect(await pages.open(DAMAGED)).toMatchObject({ state: 'ready' }); // another document in between
    expect(await pages.asset(`results/${LOCKED}/pages/0-256.png`)).not.toBeNull();
    pages.close();
    // A new session (the app restarted) knows no password; one the queue parsed with is remembered.
    const next = createPageImages(root);
    expect(await next.open(LOCKED)).toEqual({ state: 'password', wrong: false });
    next.remember(LOCKED, 'password');
    expect(await next.open(LOCKED)).toMatchObject({ state: 'ready' });
    next.close();
  });

  it('leaves other paths to the file resolver and refuses odd page paths', async () => {
    const pages = createPageImages(root);
    expect(pages.asset(`results/${DAMAGED}/original`)).toBeNull();
    expect(pages.asset(`results/${DAMAGED}/images/image_001.png`)).toBeNull();
    expect(pages.asset(`results/../${DAMAGED}/pages/0-256.png`)).toBeNull();
    expect(pages.asset(`downloads/${DAMAGED}/pages/0-256.png`)).toBeNull();
    expect(await pages.asset(`results/${DAMAGED}/pages/0-9999.png`)).toBeNull();
    expect(await pages.asset(`results/req_nothere01/pages/0-256.png`)).toBeNull();
    await expect(pages.open('../etc')).rejects.toThrow();
    pages.close();
  });
});
