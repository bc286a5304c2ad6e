import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_RULE } from '@portal/contracts/accounts';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { translate } from '../../lib/i18n';
import { accountsHarness, multipartFile, type TestMember } from '../../../test/accounts-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let member: TestMember;

const URL_OF = (site: 'protal' | 'protal_en') => `/api/${site}/api/user/uploadAvatar`;
const STORED = /^\/uploads\/avatars\/[0-9a-f]{32}\.jpg$/;

async function upload(
  file: { field?: string; name: string; type: string; bytes: Buffer },
  opts: { site?: 'protal' | 'protal_en'; as?: TestMember | null; isapi?: boolean } = {},
) {
  const { payload, contentType } = multipartFile(file.field ?? 'file', file.name, file.type, file.bytes);
  const as = opts.as === undefined ? member : opts.as;
  const res = await t.app.inject({
    method: 'POST',
    url: URL_OF(opts.site ?? 'protal_en'),
    headers: {
      ...(opts.isapi === false ? {} : { isapi: '1' }),
      'content-type': contentType,
      ...(as ? { cookie: `${CLIENT_STORAGE.accessTokenCookie}=${as.token}` } : {}),
    },
    payload,
  });
  h.checkAnswer(res, as?.id);
  return res;
}

const png = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();

function avatarFiles(): string[] {
  const dir = path.join(t.config.uploadsDir, 'avatars');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

function refusal(lang: 'zh' | 'en', key: string, vars: Record<string, unknown> = {}) {
  const message = translate(lang, key, vars);
  return { status: 40001, msg: message, data: { field: 'file', issues: [{ field: 'file', message }] } };
}

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
  h = accountsHarness(t);
  member = await h.registerMember();
});
afterAll(async () => t?.close());

describe('uploading an avatar', () => {
  it('accepts a PNG named .jpg by its content, stores a 256x256 JPEG under a random name and sets the avatar', async () => {
    const res = await upload({ name: 'holiday.jpg', type: 'image/jpeg', bytes: await png() });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.user_avatar_att_url as string;
    expect(res.json()).toEqual({ status: 200, msg: 'Success', data: { user_avatar_att_url: url } });
    expect(url).toMatch(STORED);
    expect(url).not.toContain('holiday');
    const stored = fs.readFileSync(path.join(t.config.uploadsDir, url.replace('/uploads/', '')));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: AVATAR_RULE.size, height: AVATAR_RULE.size });
    const me = await h.call('protal_en', '/api/user/getMyInfo', {}, { as: member });
    expect(me.json().data.user_avatar_att_url).toBe(url);
    const card = await h.call('protal_en', '/user/userDetail', { id: member.id });
    expect(card.json().data.user_avatar_att_url).toBe(url);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('draws the picture anew: no metadata of the upload survives', async () => {
    const withExif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-camera-owner', Artist: 'secret-artist' } })
      .toBuffer();
    expect(withExif.toString('latin1')).toContain('secret-camera-owner');
    const res = await upload({ name: 'camera.jpeg', type: 'image/jpeg', bytes: withExif });
    expect(res.statusCode).toBe(200);
    const stored = fs.readFileSync(
      path.join(t.config.uploadsDir, res.json().data.user_avatar_att_url.replace('/uploads/', '')),
    );
    expect(stored.toString('latin1')).not.toContain('secret');
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(AVATAR_RULE.size);
  });

  it('removes the avatar it replaces', async () => {
    const first = (await upload({ name: 'a.png', type: 'image/png', bytes: await png() })).json().data
      .user_avatar_att_url;
    const second = (await upload({ name: 'b.png', type: 'image/png', bytes: await png(40, 90) })).json().data
      .user_avatar_att_url;
    expect(second).not.toBe(first);
    expect(avatarFiles()).toContain(second.split('/').pop());
    expect(avatarFiles()).not.toContain(first.split('/').pop());
  });

  it('ignores path characters in the file name', async () => {
    const before = new Set(avatarFiles());
    for (const name of ['../../../escape.png', '..\\..\\escape.png', '/etc/passwd', 'a/../../b.png']) {
      const res = await upload({ name, type: 'image/png', bytes: await png(10, 10) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user_avatar_att_url).toMatch(STORED);
    }
    const added = avatarFiles().filter((f) => !before.has(f));
    expect(added.every((f) => /^[0-9a-f]{32}\.jpg$/.test(f))).toBe(true);
    expect(fs.existsSync(path.join(t.config.uploadsDir, 'escape.png'))).toBe(false);
    expect(fs.existsSync(path.join(t.config.dataDir, 'escape.png'))).toBe(false);
  });

  it('refuses a text file named .png, in both languages', async () => {
    for (const [site, lang] of [
      ['protal', 'zh'],
      ['protal_en', 'en'],
    ] as const) {
      const res = await upload(
        { name: 'notes.png', type: 'image/png', bytes: Buffer.from('just some text, not a picture\n') },
        { site },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal(lang, 'accounts.avatarType', { types: 'JPG/JPEG/PNG' }));
    }
  });

  it('refuses a GIF, and a file that starts like a PNG but is not one', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    for (const bytes of [gif, fake]) {
      const res = await upload({ name: 'x.png', type: 'image/png', bytes });
      expect(res.json()).toEqual(refusal('en', 'accounts.avatarType', { types: 'JPG/JPEG/PNG' }));
    }
  });

  it('refuses a 4 MB file with the size message, and keeps nothing of it', async () => {
    const before = avatarFiles().length;
    const big = Buffer.concat([await png(), Buffer.alloc(4 * 1024 * 1024, 1)]);
    for (const [site, lang] of [
      ['protal', 'zh'],
      ['protal_en', 'en'],
    ] as const) {
      const res = await upload({ name: 'big.png', type: 'image/png', bytes: big }, { site });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(refusal(lang, 'accounts.avatarTooLarge', { mb: 3 }));
    }
    expect(res413Message()).toBe('The uploaded file size cannot exceed 3 MB!');
    expect(avatarFiles().length).toBe(before);
  });

  it('refuses an empty file, a missing file and a file in another field', async () => {
    const empty = await upload({ name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) }, { site: 'protal' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(refusal('zh', 'accounts.avatarMissing'));
    const otherField = await upload({ field: 'avatar', name: 'a.png', type: 'image/png', bytes: await png() });
    expect(otherField.json()).toEqual(refusal('en', 'accounts.avatarMissing'));
    const json = await h.call('protal_en', '/api/user/uploadAvatar', {}, { as: member });
    expect(json.json()).toEqual(refusal('en', 'accounts.avatarMissing'));
  });

  it('refuses a multipart body the parser cannot read (no boundary) as a missing file, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL_OF('protal_en'),
      headers: {
        isapi: '1',
        'content-type': 'multipart/form-data',
        cookie: `${CLIENT_STORAGE.accessTokenCookie}=${member.token}`,
      },
      payload: 'garbage',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('en', 'accounts.avatarMissing'));
  });

  it('refuses a multipart body that ends inside the file as a missing file, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL_OF('protal_en'),
      headers: {
        isapi: '1',
        'content-type': 'multipart/form-data; boundary=b',
        cookie: `${CLIENT_STORAGE.accessTokenCookie}=${member.token}`,
      },
      payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('en', 'accounts.avatarMissing'));
  });

  it('needs a member and the isapi header', async () => {
    const anonymous = await upload({ name: 'a.png', type: 'image/png', bytes: await png() }, { as: null });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: 401, msg: translate('en', 'errors.unauthorized'), data: null });
    const noIsapi = await upload({ name: 'a.png', type: 'image/png', bytes: await png() }, { isapi: false });
    expect(noIsapi.statusCode).toBe(403);
  });

  it('is in the API document with its answer', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const op = doc.paths['/api/{site}/api/user/uploadAvatar'].post;
    expect(op.operationId).toBe('user.uploadAvatar');
    expect(op.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(op.responses['200'].content['application/json'].schema.properties.data.properties).toHaveProperty(
      'user_avatar_att_url',
    );
  });
});

function res413Message() {
  return translate('en', 'accounts.avatarTooLarge', { mb: AVATAR_RULE.maxMb });
}
