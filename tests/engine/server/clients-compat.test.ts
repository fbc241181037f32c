// Each real SoMark client's requests and answer handling (client-replays.ts) against the real engine over
// HTTP, per scenario: sync, async with one immediate check, a task that FAILS for real (a PNG cut after
// its header passes the upload checks and fails in the parser), and a wrong key. Every expectation names
// the client it is for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtures, type Fixtures } from './fixtures.ts';
import { corpus, KEY, startTestServer, type TestServer } from './helpers.ts';
import {
  difyAsync,
  fastgptAsync,
  fastgptPrivate,
  ragflowGo,
  ragflowPy,
  somarkMcp,
  somarkParserPy,
} from './client-replays.ts';

const TWO = corpus('pdf-digital/two_paragraphs.pdf');
const PICTURES = corpus('pdf-digital/picture_classification.pdf'); // 2 pages
const WRONG = 'sk-wrong-key';
let srv: TestServer;
let open: TestServer;
let fx: Fixtures;
beforeAll(async () => {
  [srv, open, fx] = await Promise.all([
    startTestServer(),
    startTestServer({ noAuth: true, apiKeys: [] }),
    makeFixtures(),
  ]);
});
afterAll(async () => {
  await Promise.all([srv?.dispose(), open?.dispose(), fx?.dispose()]);
});

/** The Error a client raises (a TypeError from a crash counts: it is what the user then sees). */
async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  throw new Error('the client did not fail');
}

describe('sync', () => {
  it('SoMark MCP server gets the result from /parse/sync; FastGPT private mode gets outputs from POST /extract', async () => {
    const mcp = await somarkMcp(srv.url, PICTURES, KEY);
    expect(mcp.text, 'MCP: task, file and 2 pages').toMatch(
      /Task ID: [0-9a-f]{32}\nFile: picture_classification\.pdf\nPages: 2\n/,
    );
    const fg = await fastgptPrivate(open.url, TWO);
    expect(fg.markdown, 'FastGPT private: outputs.markdown at the top level').toContain('The second paragraph.');
    expect(fg.json.pages, 'FastGPT private: outputs.json at the top level').toHaveLength(1);
  });
});

describe('async, submit then ONE immediate check', () => {
  it('RAGFlow Go (soMarkPoll) gets SUCCESS with usable blocks on its single check', async () => {
    const r = await ragflowGo(srv.url, PICTURES, KEY);
    expect(r.pages, 'RAGFlow Go: page count = len(pages)').toBe(2);
    expect(r.blocks, 'RAGFlow Go: usable blocks').toBeGreaterThan(0);
  });

  it('Dify, FastGPT, RAGFlow-py and somark_parser.py each get the result on their first check, with the page count', async () => {
    const dify = await difyAsync(srv.url, TWO, KEY);
    expect(dify.markdown, 'Dify: outputs.markdown').toContain('The second paragraph.');
    const fg = await fastgptAsync(srv.url, TWO, KEY);
    expect(fg.json.pages, 'FastGPT: outputs.json').toHaveLength(1);
    const rf = await ragflowPy(srv.url, TWO, KEY);
    expect(rf.outputs.json.pages[0].blocks.length, 'RAGFlow-py: result.outputs.json blocks').toBeGreaterThan(0);
    const sk = await somarkParserPy(srv.url, PICTURES, KEY);
    expect(sk.pageCount, 'somark_parser.py: outputs.json.metadata.page_count, not 0').toBe(2);
  });
});

describe('a task that FAILS', () => {
  it('Dify, FastGPT and RAGFlow-py show the failure reason, not "查询成功"; somark_parser.py and RAGFlow Go fail with the FAILED status', async () => {
    const dify = await failure(difyAsync(srv.url, fx.damagedPng, KEY));
    expect(dify, 'Dify: "task failed: code=0, message=<reason>"').toMatch(
      /SoMark task failed: code=0, message=.*(damaged|cannot be decoded)/,
    );
    const fg = await failure(fastgptAsync(srv.url, fx.damagedPng, KEY));
    expect(fg, 'FastGPT: "SoMark task failed: <reason>"').toMatch(/SoMark task failed: .*(damaged|cannot be decoded)/);
    const rf = await failure(ragflowPy(srv.url, fx.damagedPng, KEY));
    expect(rf, 'RAGFlow-py: "task <id> FAILED: <reason>"').toMatch(
      /task [0-9a-f]{32} FAILED: .*(damaged|cannot be decoded)/,
    );
    for (const m of [dify, fg, rf]) expect(m).not.toContain('查询成功');
    const sk = await failure(somarkParserPy(srv.url, fx.damagedPng, KEY));
    expect(sk, 'somark_parser.py: "SoMark 任务失败: {data}" with data.error').toMatch(
      /SoMark 任务失败: .*"status":"FAILED".*"error":"[^"]*(damaged|cannot be decoded)/,
    );
    expect(
      await failure(ragflowGo(srv.url, fx.damagedPng, KEY)),
      'RAGFlow Go: status=FAILED on its single check',
    ).toMatch(/status=FAILED/);
  });

  it('SoMark MCP server (sync) shows the reason from data.error, not a crash on data null', async () => {
    const mcp = await failure(somarkMcp(srv.url, fx.damagedPng, KEY));
    expect(mcp, 'MCP: "API error: <reason>"').toMatch(/^Error: API error: .*(damaged|cannot be decoded)/);
  });
});

describe('wrong key', () => {
  it('every client reports "Invalid API key" (the MCP server no longer crashes reading data.error)', async () => {
    const cases: [string, () => Promise<unknown>, RegExp][] = [
      ['SoMark MCP server', () => somarkMcp(srv.url, TWO, WRONG), /^Error: API error: Invalid API key$/],
      ['RAGFlow Go', () => ragflowGo(srv.url, TWO, WRONG), /submit business error code=1107 message=Invalid API key/],
      ['RAGFlow-py', () => ragflowPy(srv.url, TWO, WRONG), /submit business error code=1107 message=Invalid API key/],
      ['Dify', () => difyAsync(srv.url, TWO, WRONG), /SoMark API error: code=1107, message=Invalid API key/],
      ['FastGPT', () => fastgptAsync(srv.url, TWO, WRONG), /SoMark API error: Invalid API key/],
      [
        'FastGPT private mode (no key sent, auth on)',
        () => fastgptPrivate(srv.url, TWO),
        /SoMark API error: Missing API key/,
      ],
      ['somark_parser.py', () => somarkParserPy(srv.url, TWO, WRONG), /响应中缺少 task_id: .*Invalid API key/],
    ];
    for (const [client, run, want] of cases) expect(await failure(run()), client).toMatch(want);
  });
});
