import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import { type accountsHarness, multipartFile, type TestMember } from '../../../test/accounts-harness';
import { makeStaff, staffCall, staffTestApp } from '../../../test/roles-harness';

// The back office's topics (issue 19, item 7) through the real calls, on SQLite and on PostgreSQL.
let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let staff: TestMember;
let member: TestMember;

const db = () => t.database.db;
const call = (path: string, body: unknown, as?: TestMember) => staffCall(h, 'protal', `/admin/topics${path}`, body, as);
const uploadCover = (bytes: Buffer, name: string, as?: TestMember) => {
  const { payload, contentType } = multipartFile('file', name, 'image/png', bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/protal/admin/topics/uploadCover',
    headers: {
      isapi: '1',
      'content-type': contentType,
      'x-forwarded-for': h.freshIp(),
      ...(as ? { cookie: `${CLIENT_STORAGE.accessTokenCookie}=${as.token}` } : {}),
    },
    payload,
  });
};
const auditOf = (action: string) =>
  db().selectFrom('audit_log').select(['actor_id', 'target_kind', 'target_id']).where('action', '=', action).execute();

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  staff = await makeStaff(h, { permissions: ['admin.access', 'topic.manage'], siteId: 1 });
  member = await h.registerMember({ nick: 'Plain' });
});
afterAll(async () => t?.close());

describe('the back office’s topics', () => {
  it('refuses a visitor (401), a member (403) and bad input (400 naming the field), writing nothing', async () => {
    expect((await call('/list', {})).statusCode).toBe(401);
    expect((await call('/create', { tt_title: 'X' }, member)).statusCode).toBe(403);
    const bad = await call('/create', { tt_title: '  ', tt_cover_url: 'javascript:alert(1)' }, staff);
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().data.issues as Array<{ field: string }>).map((i) => i.field).sort();
    expect(fields).toEqual(['tt_cover_url', 'tt_title']);
    expect(bad.json()).toMatchObject({ status: expect.anything(), msg: expect.any(String) });
    expect(await auditOf('topic.create')).toEqual([]);
  });

  it('creates, edits, orders and archives topics, each audited; an archived topic leaves the public list and the form', async () => {
    const created = await call('/create', { tt_title: 'Tape archives', tt_desc: 'LTO and beyond' }, staff);
    expect(created.statusCode, created.body).toBe(200);
    const id = Number(created.json().data.tt_id);
    const updated = await call('/update', { tt_id: id, tt_title: 'Tape and cold archives' }, staff);
    expect(updated.json().data).toMatchObject({ tt_title: 'Tape and cold archives', tt_desc: '', is_archived: false });

    const list = (await call('/list', {}, staff)).json().data.list as Array<{ tt_id: number }>;
    const ids = list.map((x) => x.tt_id);
    const reordered = await call('/reorder', { ids: [id, ...ids.filter((x) => x !== id)] }, staff);
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((reordered.json().data.list as Array<{ tt_id: number }>)[0]!.tt_id).toBe(id);
    expect((await call('/reorder', { ids: [id, 999_999] }, staff)).statusCode).toBe(409);

    const publicList = async () =>
      ((await h.call('protal', '/api/topic/list', {})).json().data.list as Array<{ tt_id: number }>).map(
        (x) => x.tt_id,
      );
    expect(await publicList()).toContain(id);
    const archived = await call('/archive', { tt_id: id, archived: true }, staff);
    expect(archived.json().data.is_archived).toBe(true);
    expect(await publicList()).not.toContain(id);

    for (const action of ['topic.create', 'topic.update', 'topic.reorder', 'topic.archive']) {
      const rows = await auditOf(action);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actor_id: staff.id, target_kind: 'topic' });
    }
  });

  it('takes a topic cover from staff with only topic.manage (redrawn to fit 1200 px, audited), refusing others and a non-image', async () => {
    const coverStaff = await makeStaff(h, { permissions: ['topic.manage'], siteId: 1 });
    const png = await sharp({ create: { width: 2400, height: 600, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();

    const res = await uploadCover(png, 'cover.png', coverStaff);
    expect(res.statusCode, res.body).toBe(200);
    const { url, width, height } = res.json().data as { url: string; width: number; height: number };
    expect(url).toMatch(/^\/uploads\/site\/[0-9a-f]{32}\.png$/);
    expect([width, height]).toEqual([1200, 300]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const created = await call('/create', { tt_title: 'Covered', tt_cover_url: url }, coverStaff);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.tt_cover_url).toBe(url);
    expect(await auditOf('topic.uploadCover')).toEqual([
      { actor_id: coverStaff.id, target_kind: 'upload', target_id: url },
    ]);

    expect((await uploadCover(png, 'cover.png', member)).statusCode).toBe(403);
    expect((await uploadCover(png, 'cover.png')).statusCode).toBe(401);
    const text = await uploadCover(Buffer.from('not a picture at all\n'), 'cover.png', coverStaff);
    expect(text.statusCode, text.body).toBe(400);
    expect((text.json().data.issues as Array<{ field: string }>).map((i) => i.field)).toEqual(['file']);
    expect(await auditOf('topic.uploadCover')).toHaveLength(1);
  });
});
