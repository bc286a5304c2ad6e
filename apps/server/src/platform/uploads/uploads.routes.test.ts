import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_TYPES } from '@portal/contracts/uploads';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountsHarness, multipartFile, type TestMember } from '../../../test/accounts-harness';
import {
  CFB_DOC,
  EXIF_SECRET,
  GIF,
  makeDocx,
  makeXlsx,
  MP3,
  MP4,
  PDF,
  photoWithExif,
  PNG,
  pngSaying,
} from './uploads.test-support';

describe('uploads through the server (local disk)', () => {
  let t: TestApp;
  let member: TestMember;
  let h: ReturnType<typeof accountsHarness>;

  beforeAll(async () => {
    t = await createTestApp();
    h = accountsHarness(t);
    member = await h.registerMember();
  });
  afterAll(() => t.close());

  function upload(
    path: string,
    file: { name: string; content: Buffer; type?: string; field?: string },
    opts: { as?: TestMember | null; site?: 1 | 2 } = {},
  ) {
    const body = multipartFile(file.field ?? 'file', file.name, file.type ?? 'application/octet-stream', file.content);
    const cookies = [`siteData=${opts.site ?? 2}`];
    if (opts.as !== null) cookies.push(`accessToken=${(opts.as ?? member).token}`);
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        isapi: '1',
        'content-type': body.contentType,
        cookie: cookies.join('; '),
        'x-forwarded-for': h.freshIp(),
      },
      payload: body.payload,
    });
  }

  async function attachmentCount() {
    const row = await t.database.db
      .selectFrom('attachments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('stores a file of each kind under a random key and serves it back', async () => {
    const cases: Array<[string, string, Buffer]> = [
      ['/api/tool/upLoadimage/', 'photo.png', PNG],
      ['/api/tool/upLoadimage/', 'anim.gif', GIF],
      ['/api/tool/uploadfile/', 'report.pdf', PDF],
      ['/api/tool/uploadfile/', 'old.doc', CFB_DOC],
      ['/api/tool/uploadfile/', 'notes.txt', Buffer.from('中文 text\n')],
      ['/api/tool/uploadfile/', 'paper.docx', makeDocx({ paragraphs: ['x'] })],
      ['/api/tool/uploadmedia', 'song.mp3', MP3],
      ['/api/tool/uploadmedia', 'clip.mp4', MP4],
      ['/api/tool/inportfile/', 'sheet.xlsx', makeXlsx()],
    ];
    for (const [path, name, content] of cases) {
      const res = await upload(path, { name, content });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const body = res.json() as { status: number; data: { att_id: number; original_name: string; address: string } };
      expect(body.status).toBe(200);
      expect(body.data.original_name).toBe(name);
      const row = await t.database.db
        .selectFrom('attachments')
        .selectAll()
        .where('id', '=', body.data.att_id)
        .executeTakeFirstOrThrow();
      expect(row.access_key).toMatch(/^[\w-]{22}$/);
      expect(body.data.address).toBe(`/attachments/${body.data.att_id}/${row.access_key}`);
      expect(row.owner_id).toBe(member.id);
      expect(row.storage_key).toMatch(/^attachments\/\d{4}\/\d{2}\/\d{2}\/\d+-[0-9a-f]{16}\.[a-z0-9]+$/);
      const got = await t.app.inject({ method: 'GET', url: body.data.address });
      expect(got.statusCode).toBe(200);
      expect(Number(row.size)).toBe(got.rawPayload.length);
      // PNG, JPEG and GIF are redrawn without metadata (issue 15: a GIF too, so nothing rides along
      // after it); everything else is kept byte for byte.
      if (name.endsWith('.png')) expect(got.rawPayload.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
      else if (name.endsWith('.gif')) expect(got.rawPayload.subarray(0, 6).toString('latin1')).toMatch(/^GIF8[79]a$/);
      else expect(got.rawPayload.equals(content)).toBe(true);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-security-policy']).toContain('sandbox');
      expect(String(got.headers['content-disposition'])).toMatch(row.kind === 'file' ? /^attachment;/ : /^inline;/);
      const download = await t.app.inject({ method: 'GET', url: `${body.data.address}?download=1` });
      expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(download.headers['content-type']).toBe('application/octet-stream');
    }
  });

  it('redraws photos without their metadata (EXIF: place, camera)', async () => {
    const sharp = (await import('sharp')).default;
    const photo = await photoWithExif();
    expect(photo.includes(EXIF_SECRET)).toBe(true);
    const res = await upload('/api/tool/upLoadimage/', { name: 'holiday.jpg', content: photo });
    expect(res.statusCode, res.body).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: (res.json() as { data: { address: string } }).data.address });
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.rawPayload.includes(EXIF_SECRET)).toBe(false);
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 8, 6, undefined]);
  });

  it('serves byte ranges, so audio and video can seek', async () => {
    const res = await upload('/api/tool/uploadmedia', { name: 'clip.mp4', content: MP4 });
    const { address } = (res.json() as { data: { address: string } }).data;
    const part = await t.app.inject({ method: 'GET', url: address, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${MP4.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.body).toBe('ftypisom');
    const tail = await t.app.inject({ method: 'GET', url: address, headers: { range: 'bytes=-4' } });
    expect(tail.rawPayload.equals(MP4.subarray(-4))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url: address, headers: { range: `bytes=${MP4.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect((await t.app.inject({ method: 'GET', url: '/attachments/1e3' })).statusCode).toBe(404);
  });

  it('serves an attachment only at its address with the access key: not by id alone, not by a wrong key', async () => {
    const res = await upload('/api/tool/uploadfile/', { name: 'plan.pdf', content: PDF });
    const { att_id, address } = (res.json() as { data: { att_id: number; address: string } }).data;
    expect((await t.app.inject({ method: 'GET', url: address })).statusCode).toBe(200);
    const key = address.split('/').pop()!;
    const wrong = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      `/attachments/${att_id}`,
      `/attachments/${att_id}/${wrong}`,
      `/attachments/${att_id}/${key.slice(0, 10)}`,
      `/attachments/${att_id}/${key}x`,
      `/attachments/${att_id + 1}/${key}`,
      `/attachments/${att_id}/`,
    ]) {
      const refused = await t.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('downloads under the original name, encoded per RFC 5987, whatever characters it has', async () => {
    const res = await upload('/api/tool/uploadfile/', { name: "季度 报告 (v2) 100% it's.pdf", content: PDF });
    const { address } = (res.json() as { data: { address: string } }).data;
    const got = await t.app.inject({ method: 'GET', url: address });
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="__ __ (v2) 100_ it's.pdf"; filename*=UTF-8''%E5%AD%A3%E5%BA%A6%20%E6%8A%A5%E5%91%8A%20%28v2%29%20100%25%20it%27s.pdf`,
    );
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect((await t.app.inject({ method: 'GET', url: '/attachments/999999' })).statusCode).toBe(404);
  });

  it('refuses a lying extension, in both languages, and keeps nothing', async () => {
    const before = await attachmentCount();
    const pngAsPdf = await upload('/api/tool/uploadfile/', { name: 'report.pdf', content: PNG });
    expect(pngAsPdf.statusCode).toBe(400);
    expect(pngAsPdf.json()).toMatchObject({
      status: 40001,
      msg: `The file format is incorrect. Please upload an ${UPLOAD_TYPES.file.join(', ')} file format!`,
    });
    const textAsPng = await upload(
      '/api/tool/upLoadimage/',
      { name: 'photo.png', content: Buffer.from('hello') },
      { site: 1 },
    );
    expect(textAsPng.statusCode).toBe(400);
    expect(textAsPng.json()).toMatchObject({
      status: 40001,
      msg: '文件格式不正确，请上传 jpg, jpeg, png, gif 格式的文件！',
    });
    // A type the call does not take, even with honest bytes; a .doc renamed .docx; media that is text.
    expect((await upload('/api/tool/upLoadimage/', { name: 'report.pdf', content: PDF })).statusCode).toBe(400);
    expect((await upload('/api/tool/uploadfile/', { name: 'old.docx', content: CFB_DOC })).statusCode).toBe(400);
    expect(
      (await upload('/api/tool/uploadmedia', { name: 'a.mp3', content: Buffer.from('not audio') })).statusCode,
    ).toBe(400);
    expect(
      (await upload('/api/tool/inportfile/', { name: 'a.docx', content: makeDocx({ paragraphs: ['x'] }) })).statusCode,
    ).toBe(400);
    expect((await upload('/api/tool/uploadfile/', { name: 'noextension', content: PDF })).statusCode).toBe(400);
    // A picture whose header unpacks to 10 billion pixels, and a bare PNG signature.
    expect(
      (await upload('/api/tool/upLoadimage/', { name: 'bomb.png', content: pngSaying(100_000, 100_000) })).statusCode,
    ).toBe(400);
    const bare = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64, 1)]);
    expect((await upload('/api/tool/upLoadimage/', { name: 'bare.png', content: bare })).statusCode).toBe(400);
    expect(await attachmentCount()).toBe(before);
  });

  it('refuses zero bytes, a wrong field and visitors', async () => {
    const before = await attachmentCount();
    const empty = await upload('/api/tool/uploadfile/', { name: 'empty.txt', content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ status: 40001, data: { field: 'file' } });
    const wrongField = await upload('/api/tool/uploadfile/', { name: 'report.pdf', content: PDF, field: 'upload' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ status: 40001, msg: 'please select upload file' });
    const visitor = await upload('/api/tool/uploadfile/', { name: 'report.pdf', content: PDF }, { as: null });
    expect(visitor.statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/tool/uploadfile/',
      headers: { isapi: '1', 'content-type': 'application/json', cookie: `accessToken=${member.token}` },
      payload: '{}',
    });
    expect(json.statusCode).toBe(400);
    expect(await attachmentCount()).toBe(before);
  });

  it('refuses a multipart body the parser cannot read (no boundary) as a missing file, not a 500', async () => {
    for (const path of ['/api/tool/uploadfile/', '/api/tool/upLoadimage/', '/api/tool/importDocx']) {
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: {
          isapi: '1',
          'content-type': 'multipart/form-data',
          cookie: `accessToken=${member.token}`,
          'x-forwarded-for': h.freshIp(),
        },
        payload: 'garbage',
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001, data: { field: 'file' } });
    }
  });

  it('never uses the name as a path: path characters and ../ stay in the title only', async () => {
    for (const name of ['../../etc/passwd.txt', '..\\..\\boot.ini.txt', '/abs/x.txt', 'a/../../b.txt']) {
      const res = await upload('/api/tool/uploadfile/', { name, content: Buffer.from('text') });
      expect(res.statusCode, res.body).toBe(200);
      const { att_id, original_name } = (res.json() as { data: { att_id: number; original_name: string } }).data;
      expect(original_name).not.toMatch(/[/\\]/);
      const row = await t.database.db
        .selectFrom('attachments')
        .selectAll()
        .where('id', '=', att_id)
        .executeTakeFirstOrThrow();
      expect(row.storage_key).not.toContain('..');
      expect(row.title).toBe(original_name);
    }
  });

  it('refuses a file over the site limit', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 1, 0x20)]);
    const res = await upload('/api/tool/uploadfile/', { name: 'big.pdf', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 40001, msg: 'The uploaded file size cannot exceed 5 MB!' });
  });

  it('answers the upload configuration from the settings', async () => {
    const res = await t.call('/api/protal_en/api/tool/uploadConfig', {});
    expect(res.json()).toMatchObject({
      status: 200,
      data: {
        image_config: { fileSize: 5, fileLimit: 9 },
        file_config: { fileSize: 5, fileLimit: 9 },
        storage: 'local',
        multipart: { part_size: 2097152, parallel: 10, timeout_ms: 600000 },
      },
    });
  });

  it('refuses the direct path when the store is the local disk', async () => {
    const direct = await t.call(
      '/api/tool/getAliyunOssSts',
      { file_name: 'a.pdf', file_size: 10 },
      {
        headers: { cookie: `accessToken=${member.token}; siteData=2` },
      },
    );
    expect(direct.json()).toMatchObject({ status: 201, msg: expect.stringContaining('not enabled') });
  });
});

describe('uploads are rate-limited as writes', () => {
  it('answers 429 past the per-IP write limit', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '2' } });
    try {
      const member = await accountsHarness(t).registerMember();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const body = multipartFile('file', 'notes.txt', 'text/plain', Buffer.from('text'));
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/tool/uploadfile/',
          headers: {
            isapi: '1',
            'content-type': body.contentType,
            cookie: `accessToken=${member.token}; siteData=2`,
            'x-forwarded-for': '10.9.9.9',
          },
          payload: body.payload,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
