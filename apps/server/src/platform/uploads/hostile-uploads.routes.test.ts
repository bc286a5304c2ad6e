import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { UPLOAD_RULE } from '@portal/contracts/uploads';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountsHarness, multipartFile, type TestMember } from '../../../test/accounts-harness';
import {
  animatedGif,
  cellFloodDocx,
  deepListDocx,
  gifWithTail,
  heavyDocx,
  nestedTableDocx,
  paragraphFloodDocx,
  pixelFloodGif,
  pixelFloodPng,
} from './hostile-files.test-support';
import { makeDocx } from './uploads.test-support';

/**
 * Issue 15: one member's hostile file never stops the portal. Documents are refused by their counts
 * before conversion, conversion runs in a document worker within memory and time limits, pictures
 * are refused before decoding, and meanwhile another member's list and a page keep answering.
 */

const FORMAT_EN = 'The file format is incorrect. Please upload an jpg, jpeg, png, gif file format!';
const FORMAT_ZH = '文件格式不正确，请上传 jpg, jpeg, png, gif 格式的文件！';
const TOO_COMPLEX = {
  en: 'The document is too large or too complex to import',
  zh: '文档过大或过于复杂，无法导入',
};

function harness(t: TestApp) {
  const h = accountsHarness(t);
  function send(path: string, as: TestMember, name: string, content: Buffer, site: 1 | 2 = 2) {
    const body = multipartFile('file', name, 'application/octet-stream', content);
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        isapi: '1',
        'content-type': body.contentType,
        cookie: `siteData=${site}; accessToken=${as.token}`,
        'x-forwarded-for': h.freshIp(),
      },
      payload: body.payload,
    });
  }
  return {
    h,
    importDocx: (as: TestMember, content: Buffer, site: 1 | 2 = 2) =>
      send('/api/tool/importDocx', as, 'paper.docx', content, site),
    uploadImage: (as: TestMember, name: string, content: Buffer, site: 1 | 2 = 2) =>
      send('/api/tool/upLoadimage/', as, name, content, site),
    postList: (as: TestMember) =>
      t.app.inject({
        method: 'POST',
        url: '/api/protal_en/api/index/postList',
        headers: { isapi: '1', 'content-type': 'application/json', cookie: `accessToken=${as.token}` },
        payload: '{}',
      }),
  };
}

function expectRefusal(res: LightMyRequestResponse, msg: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ status: 40001, msg });
}

describe('hostile documents and pictures (/api/tool/importDocx, upLoadimage)', () => {
  let t: TestApp;
  let member: TestMember;
  let reader: TestMember;
  let x: ReturnType<typeof harness>;

  beforeAll(async () => {
    t = await createTestApp({ pages: true, env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
    x = harness(t);
    member = await x.h.registerMember();
    reader = await x.h.registerMember();
  });
  afterAll(() => t.close());

  /** The hostile request, with another member's list and an anonymous page at the same time. */
  async function whileOthersRead(hostile: () => Promise<LightMyRequestResponse>) {
    const [res, list, page] = await Promise.all([
      hostile(),
      x.postList(reader),
      t.app.inject({ method: 'GET', url: '/en/index/index' }),
    ]);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ status: 200 });
    expect(page.statusCode).toBe(200);
    return res;
  }

  it('refuses a flood of 30,000 paragraphs in both languages while others keep reading', async () => {
    const flood = paragraphFloodDocx(30_000);
    expect(flood.length).toBeLessThan(16 * 1024);
    const n = UPLOAD_RULE.docxMaxParagraphs;
    expectRefusal(
      await whileOthersRead(() => x.importDocx(member, flood)),
      `The document has more than ${n} paragraphs and is too large to import`,
    );
    expectRefusal(await whileOthersRead(() => x.importDocx(member, flood, 1)), `文档超过 ${n} 个段落，过大，无法导入`);
  });

  it('refuses tables nested 100 deep, deep lists and a flood of cells, in both languages', async () => {
    const n = UPLOAD_RULE.docxMaxNesting;
    const nested = nestedTableDocx(100);
    expectRefusal(
      await whileOthersRead(() => x.importDocx(member, nested)),
      `The document nests tables or lists more than ${n} levels deep and is too complex to import`,
    );
    expectRefusal(
      await whileOthersRead(() => x.importDocx(member, nested, 1)),
      `文档的表格或列表嵌套超过 ${n} 层，过于复杂，无法导入`,
    );
    expectRefusal(
      await x.importDocx(member, deepListDocx(100)),
      `The document nests tables or lists more than ${n} levels deep and is too complex to import`,
    );
    const cells = UPLOAD_RULE.docxMaxTableCells;
    expectRefusal(
      await x.importDocx(member, cellFloodDocx(30_000)),
      `The document’s tables have more than ${cells} cells and are too large to import`,
    );
    expectRefusal(
      await x.importDocx(member, cellFloodDocx(30_000), 1),
      `文档的表格超过 ${cells} 个单元格，过大，无法导入`,
    );
  });

  it('refuses pictures declaring 20,000 x 20,000 pixels before decoding them, in both languages', async () => {
    for (const [name, picture] of [
      ['flood.png', pixelFloodPng(20_000, 20_000)],
      ['flood.gif', pixelFloodGif(20_000, 20_000)],
    ] as const) {
      expect(picture.length).toBeLessThan(1024);
      expectRefusal(await whileOthersRead(() => x.uploadImage(member, name, picture)), FORMAT_EN);
      expectRefusal(await whileOthersRead(() => x.uploadImage(member, name, picture, 1)), FORMAT_ZH);
    }
  });

  it('redraws a GIF, so bytes appended after its trailer are not stored, and keeps its frames', async () => {
    const tail = Buffer.from('PK\u0003\u0004 riding along');
    const res = await x.uploadImage(member, 'tail.gif', gifWithTail(tail));
    expect(res.statusCode, res.body).toBe(200);
    const address = (res.json() as { data: { address: string } }).data.address;
    const served = await t.app.inject({ method: 'GET', url: address });
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.rawPayload.subarray(0, 6).toString('latin1')).toMatch(/^GIF8[79]a$/);
    expect(served.rawPayload.includes(tail)).toBe(false);
    expect(served.rawPayload.at(-1)).toBe(0x3b);

    const animation = await x.uploadImage(member, 'anim.gif', await animatedGif(3));
    expect(animation.statusCode, animation.body).toBe(200);
    const frames = await t.app.inject({
      method: 'GET',
      url: (animation.json() as { data: { address: string } }).data.address,
    });
    const sharp = (await import('sharp')).default;
    expect((await sharp(frames.rawPayload, { animated: true }).metadata()).pages).toBe(3);
  });

  it('stays up under 20 flood imports at once: each is refused or told to retry, then all answers 200', async () => {
    const flood = paragraphFloodDocx(30_000);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => x.importDocx(member, flood, i % 2 === 0 ? 2 : 1)),
      x.postList(reader),
    ]);
    const list = answers.pop()!;
    expect(list.statusCode).toBe(200);
    for (const res of answers) {
      if (res.statusCode === 503) {
        // The queue was full: told to come back, not left waiting.
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json()).toMatchObject({ status: 201, msg: expect.stringMatching(/try again|请稍后再试/) });
      } else {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ status: 40001, msg: expect.stringMatching(/20000/) });
      }
    }
    expect((await x.postList(reader)).statusCode).toBe(200);
    const next = await x.importDocx(member, makeDocx({ paragraphs: ['after the flood'] }));
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ data: { html: '<p>after the flood</p>' } });
  });
});

describe('document work past its memory or time limit', () => {
  // Each waits on a worker to run out of memory or time: longer beside the other suites.
  it('ends a conversion over the memory limit with a clear refusal, and the next import works', async () => {
    const t = await createTestApp({
      env: { DOCUMENT_WORK_MEMORY_MB: '32', DOCUMENT_WORK_THREADS: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' },
    });
    try {
      const x = harness(t);
      const member = await x.h.registerMember();
      const heavy = heavyDocx(5_000);
      expectRefusal(await x.importDocx(member, heavy), TOO_COMPLEX.en);
      expectRefusal(await x.importDocx(member, heavy, 1), TOO_COMPLEX.zh);
      // Three at once on one thread: each ended worker is replaced for the next one waiting.
      const burst = await Promise.all([1, 2, 3].map(() => x.importDocx(member, heavy)));
      for (const res of burst) expectRefusal(res, TOO_COMPLEX.en);
      expect((await x.postList(member)).statusCode).toBe(200);
      const next = await x.importDocx(member, makeDocx({ paragraphs: ['still here'] }));
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json()).toMatchObject({ data: { html: '<p>still here</p>' } });
    } finally {
      await t.close();
    }
  }, 120_000);

  it('answers 503 with Retry-After, in the site’s language, when the thread is busy and the queue is full', async () => {
    const t = await createTestApp({
      env: { DOCUMENT_WORK_THREADS: '1', DOCUMENT_WORK_QUEUE: '0', RATE_LIMIT_WRITES_PER_MINUTE: '100000' },
    });
    try {
      const x = harness(t);
      const member = await x.h.registerMember();
      const long = paragraphFloodDocx(10_000);
      const answers = await Promise.all([
        x.importDocx(member, long),
        x.importDocx(member, long),
        x.importDocx(member, long, 1),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 503, 503]);
      const busy = {
        en: 'Many documents are being imported right now. Please try again in a moment',
        zh: '当前导入的文档较多，请稍后再试',
      };
      answers.forEach((res, i) => {
        if (res.statusCode !== 503) return;
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json()).toMatchObject({ status: 201, msg: i === 2 ? busy.zh : busy.en });
      });
      expect((await x.importDocx(member, makeDocx({ paragraphs: ['free again'] }))).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('ends a conversion over the time limit with the same refusal', async () => {
    const t = await createTestApp({ env: { DOCUMENT_WORK_TIMEOUT_MS: '100', RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
    try {
      const x = harness(t);
      const member = await x.h.registerMember();
      expectRefusal(await x.importDocx(member, paragraphFloodDocx(15_000)), TOO_COMPLEX.en);
      expect((await x.postList(member)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
