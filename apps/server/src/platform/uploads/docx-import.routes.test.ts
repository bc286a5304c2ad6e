import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountsHarness, multipartFile, type TestMember } from '../../../test/accounts-harness';
import { CFB_DOC, makeDocx, makeZip, PNG } from './uploads.test-support';

describe('Word import (/api/tool/importDocx)', () => {
  let t: TestApp;
  let member: TestMember;
  let h: ReturnType<typeof accountsHarness>;

  beforeAll(async () => {
    t = await createTestApp();
    h = accountsHarness(t);
    member = await h.registerMember();
  });
  afterAll(() => t.close());

  function importDocx(name: string, content: Buffer, opts: { site?: 1 | 2; as?: TestMember | null } = {}) {
    const body = multipartFile('file', name, 'application/octet-stream', content);
    const cookies = [`siteData=${opts.site ?? 2}`];
    if (opts.as !== null) cookies.push(`accessToken=${(opts.as ?? member).token}`);
    return t.app.inject({
      method: 'POST',
      url: '/api/tool/importDocx',
      headers: {
        isapi: '1',
        'content-type': body.contentType,
        cookie: cookies.join('; '),
        'x-forwarded-for': h.freshIp(),
      },
      payload: body.payload,
    });
  }

  async function images() {
    return t.database.db.selectFrom('attachments').selectAll().where('kind', '=', 'image').execute();
  }

  it('turns a real .docx into sanitised HTML, its picture stored as an image attachment', async () => {
    const docx = makeDocx({ paragraphs: ['Hello <storage>', 'Second'], png: PNG });
    const res = await importDocx('paper.docx', docx);
    expect(res.statusCode, res.body).toBe(200);
    const html = (res.json() as { data: { html: string } }).data.html;
    expect(html).toContain('<p>Hello &lt;storage&gt;</p>');
    expect(html).toContain('<p>Second</p>');
    const stored = await images();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ owner_id: member.id, mime: 'image/png' });
    const address = `/attachments/${stored[0]!.id}/${stored[0]!.access_key}`;
    expect(html).toContain(`<img src="${address}"`);
    const picture = await t.app.inject({ method: 'GET', url: address });
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
  });

  it('never fetches or reads a picture linked from outside the document', async () => {
    const before = (await images()).length;
    for (const target of ['file:///etc/passwd', '/etc/passwd', 'http://127.0.0.1:1/secret.png']) {
      const res = await importDocx('linked.docx', makeDocx({ paragraphs: ['Text'], externalImage: target }));
      expect(res.statusCode, res.body).toBe(200);
      const html = (res.json() as { data: { html: string } }).data.html;
      expect(html).toContain('<p>Text</p>');
      expect(html).not.toContain('<img');
      expect(html).not.toContain('root:');
    }
    expect((await images()).length).toBe(before);
  });

  it('takes .docx only: a .doc, a .doc renamed .docx and a plain zip are refused in both languages', async () => {
    const doc = await importDocx('old.doc', CFB_DOC);
    expect(doc.statusCode).toBe(400);
    expect(doc.json()).toMatchObject({ status: 40001, msg: 'only docx supported, save doc as docx' });
    const renamed = await importDocx('old.docx', CFB_DOC, { site: 1 });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ status: 40001, msg: '仅支持 docx，请将 doc 另存为 docx' });
    const zip = await importDocx('archive.docx', makeZip([{ name: 'a.txt', data: 'a' }]));
    expect(zip.json()).toMatchObject({ status: 40001, msg: 'only docx supported, save doc as docx' });
    expect((await importDocx('empty.docx', Buffer.alloc(0))).statusCode).toBe(400);
    expect((await importDocx('paper.docx', makeDocx({ paragraphs: ['x'] }), { as: null })).statusCode).toBe(401);
  });

  it('refuses a zip bomb quickly, with memory steady, whatever sizes it declares', async () => {
    // 160 MB of zeros in one entry (honest sizes), and 2 x 80 MB entries that each claim 100 bytes.
    const { honest, patched } = buildBombs(160 * 1024 * 1024);
    expect(honest.length).toBeLessThan(1024 * 1024);
    global.gc?.();
    const before = process.memoryUsage();
    for (const bomb of [honest, patched]) {
      const started = Date.now();
      const res = await importDocx('bomb.docx', bomb);
      const ms = Date.now() - started;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        status: 40001,
        msg: 'The document inflates past 50 MB and cannot be imported',
      });
      expect(ms).toBeLessThan(5000);
    }
    const after = process.memoryUsage();
    const rssMb = (after.rss - before.rss) / 1024 / 1024;
    console.warn(
      `zip bombs refused; rss ${(before.rss / 1048576).toFixed(0)} -> ${(after.rss / 1048576).toFixed(0)} MB`,
    );
    // Holding what it inflates would grow by far more than 64 MB (or the whole 160 MB).
    expect(rssMb).toBeLessThan(64);
  });
});

function buildBombs(bytes: number) {
  const zeros = Buffer.alloc(bytes);
  const honest = makeDocx({ paragraphs: ['boom'], extra: [{ name: 'word/media/bomb.bin', data: zeros }] });
  const lying = makeDocx({
    paragraphs: ['boom'],
    extra: [
      { name: 'word/media/a.bin', data: zeros.subarray(0, bytes / 2) },
      { name: 'word/media/b.bin', data: zeros.subarray(0, bytes / 2) },
    ],
  });
  const central = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  const patched = Buffer.from(lying);
  for (let at = patched.indexOf(central); at >= 0; at = patched.indexOf(central, at + 4)) {
    if (patched.readUInt32LE(at + 24) > 1024 * 1024) patched.writeUInt32LE(100, at + 24);
  }
  return { honest, patched };
}
