// Title detection in context on real corpus files: cover-page furniture, issue numbers, subtitles,
// and levels that never skip (the first heading at level 1, Markdown depth = title_level).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block } from '../../../shared/somark.ts';
import { parseCorpus, tempDir } from './helpers.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => {
  await tmp.dispose();
});

const titlesOf = (pages: { blocks: Block[] }[]) => pages.flatMap((p) => p.blocks.filter((b) => b.type === 'title'));

describe('titles in context', () => {
  it('keeps only the title of a cover page, not its labels, blurbs or logo line', async () => {
    const doc = await parseCorpus('pdf-digital/redp5110_sampled.pdf', tmp.dir);
    const first = titlesOf([doc.json.pages[0]]).map((b) => b.content);
    expect(first).toEqual(['Row and Column Access Control Support in IBM DB2 for i']);
    const last = titlesOf([doc.json.pages[doc.json.pages.length - 1]]).map((b) => b.content);
    expect(last).toEqual(['Row and Column Access Control Support in IBM DB2 for i']);
    // An italic tagline under a heading is its subtitle, not a heading of its own.
    expect(titlesOf(doc.json.pages).map((b) => b.content)).not.toContain(
      'Expert help to achieve your business requirements',
    );
    expect(titlesOf(doc.json.pages).map((b) => b.content)).toContain('We build confident, satisfied clients');
  });

  it('takes no issue number for a title, and levels never skip', async () => {
    const doc = await parseCorpus('pdf-digital/normal_4pages.pdf', tmp.dir);
    const titles = titlesOf(doc.json.pages);
    expect(titles.map((b) => b.content)).not.toContain('제1695호');
    expect(titles[0].title_level).toBe(1);
    for (let i = 1; i < titles.length; i++)
      expect(titles[i].title_level!).toBeLessThanOrEqual(titles[i - 1].title_level! + 1);
  });

  it('puts a document title set smaller than its sections at level 1, with Markdown depth = title_level', async () => {
    const doc = await parseCorpus('pdf-digital/multi_page.pdf', tmp.dir);
    const titles = titlesOf(doc.json.pages);
    expect(titles[0].content).toBe('The Evolution of the Word Processor');
    expect(titles.every((b) => b.title_level === 1)).toBe(true);
    for (const b of titles) expect(`\n${doc.markdown}`).toContain(`\n${'#'.repeat(b.title_level!)} ${b.content}\n`);
  });

  it('takes chapter headings set in a large typewriter face for titles', async () => {
    const doc = await parseCorpus('large/freeculture.pdf', tmp.dir);
    const names = titlesOf(doc.json.pages).map((b) => b.content);
    for (const n of ['CONTENTS', 'PREFACE', 'INTRODUCTION', 'CONCLUSION', 'AFTERWORD']) expect(names).toContain(n);
  });
});
