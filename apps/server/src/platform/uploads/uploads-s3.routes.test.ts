import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_RULE } from '@portal/contracts/uploads';
import { startS3DevServer, type S3DevServer } from '../../../../../scripts/s3-dev-server.mjs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountsHarness, multipartFile, type TestMember } from '../../../test/accounts-harness';
import { EXIF_SECRET, PDF, photoWithExif, PNG } from './uploads.test-support';

interface Ticket {
  key: string;
  upload_id: string;
  part_size: number;
  parallel: number;
  img_path: string;
  bucket: string;
  parts: Array<{ part_number: number; url: string }>;
}

const ORIGIN = 'http://127.0.0.1:3999';

/**
 * The S3 driver and the direct path against a real S3-compatible server (s3rver) on loopback: part
 * URLs presigned by the server, PUT by fetch as a browser does, completed and checked at registration.
 */
describe('uploads in an S3-compatible store', () => {
  let store: S3DevServer;
  let t: TestApp;
  let h: ReturnType<typeof accountsHarness>;
  let alice: TestMember;
  let bob: TestMember;
  let s3dir: string;

  beforeAll(async () => {
    s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
    store = await startS3DevServer({ directory: s3dir, bucket: 'portal-test', origins: [ORIGIN] });
    t = await createTestApp({ env: store.env });
    h = accountsHarness(t);
    alice = await h.registerMember();
    bob = await h.registerMember();
    // 7 MB files are allowed on the English site (the browser test's size).
    await t.database.db
      .insertInto('site_settings')
      .values({
        site_id: 2,
        key: 'file_config',
        value: JSON.stringify({ fileSize: 8, fileLimit: 9 }),
        updated_at: Date.now(),
      })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
    fs.rmSync(s3dir, { recursive: true, force: true });
  });

  function call(url: string, body: unknown, as: TestMember) {
    return t.call(url, body, {
      headers: { cookie: `accessToken=${as.token}; siteData=2`, 'x-forwarded-for': h.freshIp() },
    });
  }

  async function ticket(as: TestMember, file_name: string, file_size: number, purpose = 'file'): Promise<Ticket> {
    const res = await call('/api/tool/getAliyunOssSts', { file_name, file_size, purpose }, as);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Ticket }).data;
  }

  /** PUTs the parts like the browser: `parallel` at a time, keeping each answer's ETag. */
  async function putParts(tk: Ticket, bytes: Buffer) {
    const etags: Array<{ part_number: number; etag: string }> = [];
    const queue = [...tk.parts];
    await Promise.all(
      Array.from({ length: tk.parallel }, async () => {
        for (let part = queue.shift(); part; part = queue.shift()) {
          const start = (part.part_number - 1) * tk.part_size;
          const res = await fetch(part.url, {
            method: 'PUT',
            body: bytes.subarray(start, start + tk.part_size),
            headers: { origin: ORIGIN },
          });
          expect(res.status, await res.clone().text()).toBe(200);
          expect(res.headers.get('access-control-expose-headers') ?? '').toMatch(/etag/i);
          etags.push({ part_number: part.part_number, etag: res.headers.get('etag')! });
        }
      }),
    );
    return etags;
  }

  function register(
    as: TestMember,
    tk: Ticket,
    att_title: string,
    parts: Array<{ part_number: number; etag: string }>,
  ) {
    return call(
      '/api/tool/addAttachment',
      { att_title, att_url: tk.key, att_storage: 2, upload_id: tk.upload_id, parts },
      as,
    );
  }

  async function objectExists(key: string) {
    const res = await fetch(`${store.endpoint}/${store.bucket}/${key}`, { method: 'HEAD' });
    return res.status === 200;
  }

  it('says the storage mode in the upload configuration', async () => {
    const res = await t.call('/api/protal_en/api/tool/uploadConfig', {});
    expect(res.json()).toMatchObject({ data: { storage: 's3', file_config: { fileSize: 8 } } });
  });

  it('stores a server upload in the bucket and redirects downloads to a short-lived presigned URL', async () => {
    const body = multipartFile('file', 'photo.png', 'image/png', PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tool/upLoadimage/',
      headers: { isapi: '1', 'content-type': body.contentType, cookie: `accessToken=${alice.token}; siteData=2` },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { att_id, address } = (res.json() as { data: { att_id: number; address: string } }).data;
    const row = await t.database.db
      .selectFrom('attachments')
      .selectAll()
      .where('id', '=', att_id)
      .executeTakeFirstOrThrow();
    expect(row.storage).toBe(2);
    const redirect = await t.app.inject({ method: 'GET', url: address });
    expect(redirect.statusCode).toBe(302);
    const location = String(redirect.headers.location);
    expect(location.startsWith(`${store.endpoint}/${store.bucket}/${row.storage_key}?`)).toBe(true);
    expect(location).toMatch(/X-Amz-Expires=300/);
    const got = await fetch(location);
    const bytes = Buffer.from(await got.arrayBuffer());
    expect(bytes.length).toBe(Number(row.size));
    expect(bytes.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
  });

  it('keeps avatars in the bucket, not on the disk, serves them at /uploads/ and removes a replaced one', async () => {
    async function uploadAvatar() {
      const body = multipartFile('file', 'me.png', 'image/png', PNG);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/protal_en/api/user/uploadAvatar',
        headers: { isapi: '1', 'content-type': body.contentType, cookie: `accessToken=${bob.token}; siteData=2` },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { user_avatar_att_url: string } }).data.user_avatar_att_url;
    }
    const first = await uploadAvatar();
    const key = first.replace('/uploads/', '');
    expect(key).toMatch(/^avatars\/[0-9a-f]{32}\.jpg$/);
    expect(await objectExists(key)).toBe(true);
    expect(fs.existsSync(path.join(t.config.uploadsDir, key))).toBe(false);
    const served = await t.app.inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const second = await uploadAvatar();
    expect(second).not.toBe(first);
    expect(await objectExists(key)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/attachments/x.png' })).statusCode).toBe(404);
  });

  it('uploads 7 MB straight to the store in 2 MB parts and registers it with att_storage 2', async () => {
    const bytes = Buffer.concat([PDF, Buffer.alloc(7 * 1024 * 1024 - PDF.length, 0x20)]);
    const tk = await ticket(alice, '年度报告.pdf', bytes.length);
    expect(tk.part_size).toBe(2_097_152);
    expect(tk.parallel).toBe(10);
    expect(tk.parts).toHaveLength(4);
    expect(tk.key.startsWith(tk.img_path)).toBe(true);
    expect(tk.key).toMatch(/^attachments\/\d{4}\/\d{2}\/\d{2}\/\d+-[0-9a-f]{16}\.pdf$/);
    expect(new URL(tk.parts[0]!.url).searchParams.get('X-Amz-Expires')).toBe(String(UPLOAD_RULE.timeoutMs / 1000));
    const parts = await putParts(tk, bytes);
    const res = await register(alice, tk, '年度报告.pdf', parts);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: { att_id: number; att_url: string; original_name: string; address: string } })
      .data;
    expect(data).toMatchObject({ original_name: '年度报告.pdf', att_url: data.address });
    expect(data.address).toMatch(new RegExp(`^/attachments/${data.att_id}/[\\w-]{22}$`));
    const row = await t.database.db
      .selectFrom('attachments')
      .selectAll()
      .where('id', '=', data.att_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_id: alice.id, storage: 2, storage_key: tk.key, kind: 'file' });
    expect(Number(row.size)).toBe(bytes.length);
    const got = await fetch(String((await t.app.inject({ method: 'GET', url: data.address })).headers.location));
    expect(got.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('年度报告.pdf')}`);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    // A key is registered once.
    expect((await register(alice, tk, '年度报告.pdf', parts)).statusCode).toBe(403);
  });

  it('redraws a photo uploaded straight to the store without its metadata (EXIF: place, camera)', async () => {
    const sharp = (await import('sharp')).default;
    const photo = await photoWithExif();
    expect(photo.includes(EXIF_SECRET)).toBe(true);
    const tk = await ticket(alice, 'holiday.jpg', photo.length, 'image');
    const res = await register(alice, tk, 'holiday.jpg', await putParts(tk, photo));
    expect(res.statusCode, res.body).toBe(200);
    const { att_id } = (res.json() as { data: { att_id: number } }).data;
    const row = await t.database.db
      .selectFrom('attachments')
      .selectAll()
      .where('id', '=', att_id)
      .executeTakeFirstOrThrow();
    const stored = Buffer.from(
      await (await fetch(`${store.endpoint}/${store.bucket}/${row.storage_key}`)).arrayBuffer(),
    );
    expect(stored.includes(EXIF_SECRET)).toBe(false);
    expect(Number(row.size)).toBe(stored.length);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 8, 6, undefined]);
  });

  it('refuses a key not issued to this member, and a key it never issued', async () => {
    const tk = await ticket(alice, 'a.pdf', PDF.length);
    const parts = await putParts(tk, PDF);
    const stolen = await register(bob, tk, 'a.pdf', parts);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toMatchObject({
      msg: 'This upload was not issued to you or has expired. Please upload again',
    });
    const made = { ...tk, key: 'attachments/2026/11/22/1763800000000-0123456789abcdef.pdf' };
    expect((await register(alice, made, 'a.pdf', parts)).statusCode).toBe(403);
    // Alice can still register her own.
    expect((await register(alice, tk, 'a.pdf', parts)).statusCode).toBe(200);
  });

  it('refuses a ticket whose time is over', async () => {
    const tk = await ticket(alice, 'late.pdf', PDF.length);
    const parts = await putParts(tk, PDF);
    // Issued 25 minutes ago: the part URLs ended 15 minutes ago and the grace to register 5 minutes ago.
    await t.database.db
      .updateTable('attachment_uploads')
      .set({ expires_at: Date.now() - 15 * 60_000 })
      .where('storage_key', '=', tk.key)
      .execute();
    expect((await register(alice, tk, 'late.pdf', parts)).statusCode).toBe(403);
    // The next start sweeps it: the pending record goes and its upload is aborted in the store.
    await ticket(bob, 'next.pdf', 10);
    const left = await t.database.db
      .selectFrom('attachment_uploads')
      .select('id')
      .where('storage_key', '=', tk.key)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses and deletes an object whose content lies, or that is larger than the limit', async () => {
    const lie = await ticket(alice, 'report.pdf', PNG.length);
    const res = await register(alice, lie, 'report.pdf', await putParts(lie, PNG));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 40001, msg: expect.stringContaining('The file format is incorrect') });
    expect(await objectExists(lie.key)).toBe(false);

    // Declared small, but the part PUT holds more than the 8 MB limit.
    const big = await ticket(alice, 'big.pdf', 100);
    const bytes = Buffer.concat([PDF, Buffer.alloc(8 * 1024 * 1024 + 1, 0x20)]);
    const put = await fetch(big.parts[0]!.url, { method: 'PUT', body: bytes });
    const over = await register(alice, big, 'big.pdf', [{ part_number: 1, etag: put.headers.get('etag')! }]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ msg: 'The uploaded file size cannot exceed 8 MB!' });
    expect(await objectExists(big.key)).toBe(false);
  });

  it('checks type and size before issuing part URLs, and refuses visitors', async () => {
    const wrongType = await call(
      '/api/tool/getAliyunOssSts',
      { file_name: 'x.exe', file_size: 10, purpose: 'file' },
      alice,
    );
    expect(wrongType.statusCode).toBe(400);
    const tooBig = await call('/api/tool/getAliyunOssSts', { file_name: 'x.pdf', file_size: 9 * 1024 * 1024 }, alice);
    expect(tooBig.json()).toMatchObject({ status: 40001, msg: 'The uploaded file size cannot exceed 8 MB!' });
    const image = await call(
      '/api/tool/getAliyunOssSts',
      { file_name: 'x.pdf', file_size: 10, purpose: 'image' },
      alice,
    );
    expect(image.statusCode).toBe(400);
    const visitor = await t.call('/api/tool/getAliyunOssSts', { file_name: 'x.pdf', file_size: 10 });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('a store that is down', () => {
  it('answers the spec failure message and keeps nothing', async () => {
    const t = await createTestApp({
      env: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'gone',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    try {
      const member = await accountsHarness(t).registerMember();
      const body = multipartFile('file', 'report.pdf', 'application/pdf', PDF);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tool/uploadfile/',
        headers: { isapi: '1', 'content-type': body.contentType, cookie: `accessToken=${member.token}; siteData=2` },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ status: 500, msg: 'upload failed, please retry' });
      expect(await t.database.db.selectFrom('attachments').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
