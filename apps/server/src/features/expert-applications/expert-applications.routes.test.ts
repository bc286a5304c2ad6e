import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERT_FLAG, REVIEW_STATUS } from '@portal/contracts/constants';
import { EXPERT_APPLICATION_RULE } from '@portal/contracts/expert-applications';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import { multipartFile, type Site, type TestMember } from '../../../test/accounts-harness';
import { postDictionaries, makeAttachment, type SiteDictionaries } from '../../../test/discussions-harness';
import { makeStaff, msgOf, staffCall, staffTestApp } from '../../../test/roles-harness';
import type { TestApp } from '../../../test/test-app';
import { PNG } from '../../platform/uploads/uploads.test-support';

let t: TestApp;
let h: Awaited<ReturnType<typeof staffTestApp>>['h'];
const dict: Record<Site, SiteDictionaries> = {} as Record<Site, SiteDictionaries>;
let reviewer: TestMember;
let postReviewer: TestMember;
let expertManager: TestMember;

const APPLY = {
  mine: '/api/stationed/myApplication',
  save: '/api/stationed/saveApplication',
  submit: '/api/stationed/submitApplication',
  withdraw: '/api/stationed/withdrawApplication',
  list: '/api/user/applications',
  photo: '/api/stationed/uploadPhoto',
};

async function uploadPhoto(as: TestMember, file: { name: string; type: string; bytes: Buffer }, site: Site = 'protal') {
  const { payload, contentType } = multipartFile('file', file.name, file.type, file.bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/${site}${APPLY.photo}`,
    headers: {
      isapi: '1',
      'content-type': contentType,
      'x-forwarded-for': h.freshIp(),
      cookie: `${CLIENT_STORAGE.accessTokenCookie}=${as.token}`,
    },
    payload,
  });
}

/** A complete application of a site, with a photo the member uploaded. */
async function goodForm(as: TestMember, site: Site, extra: Record<string, unknown> = {}) {
  const photo = await uploadPhoto(as, { name: 'me.png', type: 'image/png', bytes: PNG }, site);
  expect(photo.json(), photo.body).toMatchObject({ status: 200 });
  return {
    real_name: 'Ada Lovelace',
    company: 'Analytical Storage',
    job_title: 'Chief architect',
    industry_id: dict[site].industry,
    field_ids: [dict[site].scene],
    biography: 'Twenty years of storage systems.\nWrote the first backup engine.',
    photo_att_id: photo.json().data.att_id as number,
    contributions: [
      { title: 'Open-source dedup library', url: 'https://example.com/dedup' },
      { title: 'Talk: erasure coding at scale', url: 'https://example.com/talk' },
    ],
    recommendations: [{ title: 'Recommended by Grace Hopper', url: '' }],
    ...extra,
  };
}

const call = (as: TestMember, path: string, body: unknown = {}, site: Site = 'protal') =>
  h.call(site, path, body, { as, ip: h.freshIp() });

function issues(res: { json(): unknown }) {
  return (res.json() as { data: { issues: Array<{ field: string; message: string }> } }).data.issues;
}

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  dict.protal = await postDictionaries(t.database.db, 1);
  dict.protal_en = await postDictionaries(t.database.db, 2);
  reviewer = await makeStaff(h, { permissions: [PERMISSIONS.reviewExpert], siteId: 1, nick: 'Expert Reviewer' });
  postReviewer = await makeStaff(h, { permissions: [PERMISSIONS.reviewPost], siteId: 1, nick: 'Post Reviewer' });
  expertManager = await makeStaff(h, { permissions: [PERMISSIONS.expertManage], siteId: 1, nick: 'Expert Manager' });
});
afterAll(async () => t?.close());

describe('the application photo', () => {
  it('accepts a PNG by its content and answers an inline address', async () => {
    const member = await h.registerMember();
    const res = await uploadPhoto(member, { name: 'portrait.PNG', type: 'image/png', bytes: PNG });
    expect(res.statusCode).toBe(200);
    const address = res.json().data.address as string;
    expect(address).toMatch(/^\/attachments\/\d+\/[\w-]+$/);
    const served = await t.app.inject({ method: 'GET', url: address });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses a text file renamed .png, and a GIF, with the format message in both languages', async () => {
    const member = await h.registerMember();
    for (const site of ['protal', 'protal_en'] as const) {
      const message = msgOf(site, 'upload.api.format', { types: 'jpg, jpeg, png' });
      const text = await uploadPhoto(member, { name: 'me.png', type: 'image/png', bytes: Buffer.from('hello') }, site);
      expect(text.statusCode).toBe(400);
      expect(text.json()).toEqual({
        status: 40001,
        msg: message,
        data: { field: 'file', issues: [{ field: 'file', message }] },
      });
      const gif = await uploadPhoto(member, { name: 'me.gif', type: 'image/gif', bytes: PNG }, site);
      expect(gif.json()).toMatchObject({ status: 40001, msg: message });
    }
    const rows = await t.database.db.selectFrom('attachments').select('id').where('owner_id', '=', member.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('cuts a photo over 3 MB off while it streams (413), keeping nothing', async () => {
    const member = await h.registerMember();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const total = 64 * 1024 * 1024;
    const boundary = '----portalphoto';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent === 0) {
          sent += head.length + PNG.length;
          this.push(Buffer.concat([head, PNG]));
        } else if (sent < total) {
          sent += chunk.length;
          this.push(chunk);
        } else {
          this.push(tail);
          this.push(null);
        }
      },
    });
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: `/api/protal_en${APPLY.photo}`,
        method: 'POST',
        headers: {
          isapi: '1',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + PNG.length + total + tail.length),
          cookie: `accessToken=${member.token}`,
        },
      });
      req.on('response', (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (d: Buffer) => parts.push(d));
        answer.on('end', () => {
          body.destroy();
          resolve({ status: answer.statusCode!, body: Buffer.concat(parts).toString() });
        });
      });
      req.on('error', (err) => (sent < total ? undefined : reject(err)));
      body.pipe(req);
    });
    expect(res.status, res.body).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ status: 40001, msg: 'The uploaded file size cannot exceed 3 MB!' });
    expect(sent).toBeLessThan(32 * 1024 * 1024);
    const rows = await t.database.db.selectFrom('attachments').select('id').where('owner_id', '=', member.id).execute();
    expect(rows).toHaveLength(0);
  });
});

describe('the application form', () => {
  it('names every missing field with its message when submitting an empty form, in both languages', async () => {
    const member = await h.registerMember();
    for (const site of ['protal', 'protal_en'] as const) {
      const res = await call(member, APPLY.submit, {}, site);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(40001);
      expect(issues(res)).toEqual([
        { field: 'real_name', message: msgOf(site, 'expertApply.realNameRule') },
        { field: 'company', message: msgOf(site, 'expertApply.companyRule') },
        { field: 'job_title', message: msgOf(site, 'expertApply.jobTitleRule') },
        { field: 'industry_id', message: msgOf(site, 'expertApply.industryRule') },
        { field: 'field_ids', message: msgOf(site, 'expertApply.fieldsRule') },
        { field: 'biography', message: msgOf(site, 'expertApply.biographyRequired') },
        { field: 'photo_att_id', message: msgOf(site, 'expertApply.photoRequired') },
        { field: 'contributions', message: msgOf(site, 'expertApply.contributionsTooFew') },
      ]);
    }
    expect(
      await t.database.db.selectFrom('expert_applications').selectAll().where('user_id', '=', member.id).execute(),
    ).toEqual([]);
  });

  it('holds each limit: 5,001 characters, one contribution, 11 recommendations, six fields, a bad link', async () => {
    const member = await h.registerMember();
    const good = await goodForm(member, 'protal_en');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ biography: 'x'.repeat(5001) }, 'biography', 'expertApply.biographyTooLong'],
      [{ contributions: good.contributions.slice(0, 1) }, 'contributions', 'expertApply.contributionsTooFew'],
      [
        { recommendations: Array.from({ length: 11 }, (_, i) => ({ title: `R${i}`, url: '' })) },
        'recommendations',
        'expertApply.recommendationsTooMany',
      ],
      [
        { contributions: Array.from({ length: 11 }, (_, i) => ({ title: `C${i}`, url: 'https://example.com' })) },
        'contributions',
        'expertApply.contributionsTooMany',
      ],
      [{ field_ids: [1, 2, 3, 4, 5, 6] }, 'field_ids', 'expertApply.fieldsTooMany'],
      [
        { contributions: [good.contributions[0], { title: 'Mine', url: 'javascript:alert(1)' }] },
        'contributions.1.url',
        'expertApply.contributionUrlRule',
      ],
      [{ real_name: 'n'.repeat(65) }, 'real_name', 'expertApply.realNameRule'],
    ];
    for (const site of ['protal', 'protal_en'] as const) {
      for (const [change, field, key] of cases) {
        for (const path of [APPLY.submit, APPLY.save]) {
          // A draft holds the limits too, but needs no minimum (one contribution is a fine draft).
          if (path === APPLY.save && key === 'expertApply.contributionsTooFew') continue;
          const res = await call(member, path, { ...good, industry_id: null, field_ids: [], ...change }, site);
          expect(res.statusCode, `${path} ${field}`).toBe(400);
          expect(issues(res)).toContainEqual({ field, message: msgOf(site, key) });
        }
      }
    }
    // Exactly 5,000 characters and ten recommendations are fine.
    const full = await call(
      member,
      APPLY.submit,
      {
        ...good,
        biography: 'y'.repeat(EXPERT_APPLICATION_RULE.biographyMax),
        recommendations: Array.from({ length: 10 }, (_, i) => ({ title: `R${i}`, url: 'https://example.com/r' })),
      },
      'protal_en',
    );
    expect(full.json(), full.body).toMatchObject({ status: 200, data: { status: REVIEW_STATUS.pending } });
  });

  it("refuses a dictionary entry of another site and another member's photo", async () => {
    const member = await h.registerMember();
    const other = await h.registerMember();
    const good = await goodForm(member, 'protal');
    const wrongIndustry = await call(member, APPLY.save, { ...good, industry_id: dict.protal_en.industry });
    expect(issues(wrongIndustry)).toEqual([
      { field: 'industry_id', message: msgOf('protal', 'expertApply.industryRule') },
    ]);
    const wrongField = await call(member, APPLY.save, { ...good, field_ids: [dict.protal_en.scene] });
    expect(issues(wrongField)).toEqual([{ field: 'field_ids', message: msgOf('protal', 'expertApply.fieldsRule') }]);
    const foreign = await makeAttachment(t.database.db, other.id, 'x.pdf');
    const theirs = await call(member, APPLY.save, { ...good, photo_att_id: foreign });
    expect(issues(theirs)).toEqual([
      { field: 'photo_att_id', message: msgOf('protal', 'expertApplyApi.photoInvalid') },
    ]);
    expect(
      await t.database.db.selectFrom('expert_applications').selectAll().where('user_id', '=', member.id).execute(),
    ).toEqual([]);
  });

  it('keeps a draft, then submits it; a second application while pending is refused', async () => {
    const member = await h.registerMember();
    const draft = await call(member, APPLY.save, { real_name: 'Draft Person', contributions: [] });
    expect(draft.json(), draft.body).toMatchObject({
      status: 200,
      msg: msgOf('protal', 'expertApplyApi.saved'),
      data: { status: 0, real_name: 'Draft Person', editable: true, submit_time: null },
    });
    const mine = await call(member, APPLY.mine);
    expect(mine.json().data).toMatchObject({ is_expert: false, application: { status: 0, real_name: 'Draft Person' } });
    const good = await goodForm(member, 'protal');
    const sent = await call(member, APPLY.submit, good);
    expect(sent.json()).toMatchObject({
      status: 200,
      msg: msgOf('protal', 'expertApplyApi.submitted'),
      data: { status: REVIEW_STATUS.pending, editable: false, photo: { att_id: good.photo_att_id } },
    });
    for (const path of [APPLY.submit, APPLY.save]) {
      const again = await call(member, path, good, 'protal_en');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ status: 201, msg: msgOf('protal_en', 'expertApplyApi.pending'), data: null });
    }
    const queue = await t.database.db
      .selectFrom('review_items')
      .selectAll()
      .where('author_id', '=', member.id)
      .execute();
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ kind: 'expert', site_id: 1, status: REVIEW_STATUS.pending });
    // The photo is in use now: the sweep of abandoned uploads leaves it.
    const photo = await t.database.db
      .selectFrom('attachments')
      .select('linked_at')
      .where('id', '=', good.photo_att_id)
      .executeTakeFirstOrThrow();
    expect(photo.linked_at).not.toBeNull();
  });

  it('lets exactly one of two submissions at once through', async () => {
    const member = await h.registerMember();
    const good = await goodForm(member, 'protal');
    const answers = await Promise.all([
      call(member, APPLY.submit, good),
      call(member, APPLY.submit, good),
      call(member, APPLY.submit, good),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.database.db
      .selectFrom('expert_applications')
      .select('id')
      .where('user_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('withdraws a pending application, which may then be edited; withdrawing twice is refused', async () => {
    const member = await h.registerMember();
    await call(member, APPLY.submit, await goodForm(member, 'protal'));
    const out = await call(member, APPLY.withdraw);
    expect(out.json()).toMatchObject({ status: 200, data: { status: REVIEW_STATUS.withdrawn, editable: true } });
    const again = await call(member, APPLY.withdraw);
    expect(again.json()).toEqual({ status: 201, msg: msgOf('protal', 'expertApplyApi.notPending'), data: null });
    const edited = await call(member, APPLY.save, { real_name: 'Edited' });
    expect(edited.json()).toMatchObject({ status: 200, data: { status: 0, real_name: 'Edited' } });
  });

  it('refuses visitors (401)', async () => {
    for (const path of Object.values(APPLY)) {
      const res = await t.call(`/api/protal${path}`, {});
      expect(res.statusCode, path).toBe(401);
    }
  });
});

describe('deciding applications in the review queue', () => {
  it('refuses members and reviewers of other kinds (403), and shows them no expert items', async () => {
    const member = await h.registerMember();
    await call(member, APPLY.submit, await goodForm(member, 'protal'));
    const item = await t.database.db
      .selectFrom('review_items')
      .select('id')
      .where('author_id', '=', member.id)
      .executeTakeFirstOrThrow();
    for (const path of ['/admin/review/list', '/admin/review/info', '/admin/review/decide']) {
      const body = path.endsWith('list')
        ? {}
        : path.endsWith('info')
          ? { review_id: item.id }
          : { ids: [item.id], decision: 'approve' };
      const res = await staffCall(h, 'protal', path, body, member);
      expect(res.statusCode, path).toBe(403);
    }
    const list = await staffCall(h, 'protal', '/admin/review/list', { kind: 'expert' }, postReviewer);
    expect(list.json().data.list).toEqual([]);
    const decide = await staffCall(
      h,
      'protal',
      '/admin/review/decide',
      { ids: [item.id], decision: 'approve' },
      postReviewer,
    );
    expect(decide.statusCode).toBe(403);
    const state = await t.database.db
      .selectFrom('expert_applications')
      .select('status')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(state.status).toBe(REVIEW_STATUS.pending);
  });

  it('shows every field and the photo; a rejection carries its reason; the member edits, resubmits and is approved', async () => {
    const member = await h.registerMember({ nick: 'Applicant' });
    const good = await goodForm(member, 'protal');
    await call(member, APPLY.submit, good);
    const item = await t.database.db
      .selectFrom('review_items')
      .select('id')
      .where('author_id', '=', member.id)
      .executeTakeFirstOrThrow();

    const listed = await staffCall(h, 'protal', '/admin/review/list', { kind: 'expert' }, reviewer);
    expect(listed.json().data.list.map((i: { review_id: number }) => i.review_id)).toContain(item.id);
    const info = await staffCall(h, 'protal', '/admin/review/info', { review_id: item.id }, reviewer);
    const content = info.json().data.content as {
      title: string;
      html: string;
      facts: Array<{ label: string; value: string }>;
    };
    expect(content.title).toBe('驻站专家申请：Ada Lovelace');
    const photo = (await call(member, APPLY.mine)).json().data.application.photo.address as string;
    expect(content.html).toContain(`<img src="${photo}"`);
    expect(content.html).toContain('href="https://example.com/dedup"');
    expect(content.html).toContain('Recommended by Grace Hopper');
    expect(content.html).toContain('Wrote the first backup engine.');
    expect(content.facts.map((f) => f.value)).toEqual(
      expect.arrayContaining(['Ada Lovelace', 'Analytical Storage', 'Chief architect', '金融', '备份']),
    );

    const noReason = await staffCall(
      h,
      'protal',
      '/admin/review/decide',
      { ids: [item.id], decision: 'reject' },
      reviewer,
    );
    expect(noReason.statusCode).toBe(400);
    const rejected = await staffCall(
      h,
      'protal',
      '/admin/review/decide',
      { ids: [item.id], decision: 'reject', reason: 'Links do not open' },
      reviewer,
    );
    expect(rejected.json()).toMatchObject({ status: 200, data: { decided: 1 } });
    const mine = await call(member, APPLY.mine);
    expect(mine.json().data.application).toMatchObject({
      status: REVIEW_STATUS.rejected,
      reason: 'Links do not open',
      editable: true,
    });
    const centre = await call(member, APPLY.list, {}, 'protal_en');
    expect(centre.json().data.list).toEqual([
      expect.objectContaining({
        kind: 'expert',
        status: REVIEW_STATUS.rejected,
        reason: 'Links do not open',
        title: 'Resident expert application: Ada Lovelace',
        edit_path: '/en/stationed/application',
        editable: true,
      }),
    ]);
    const told = await t.database.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', member.id)
      .execute();
    expect(told).toContainEqual({ kind: 'review_rejected', params: expect.stringContaining('Links do not open') });

    const resent = await call(member, APPLY.submit, { ...good, company: 'Difference Engines' });
    expect(resent.json()).toMatchObject({ status: 200, data: { status: REVIEW_STATUS.pending, reason: '' } });
    const approved = await staffCall(
      h,
      'protal',
      '/admin/review/decide',
      { ids: [item.id], decision: 'approve' },
      reviewer,
    );
    expect(approved.json()).toMatchObject({ status: 200, data: { decided: 1 } });

    const user = await t.database.db
      .selectFrom('users')
      .select(['user_expert', 'company', 'job_title'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({
      user_expert: EXPERT_FLAG.expert,
      company: 'Difference Engines',
      job_title: 'Chief architect',
    });
    const roles = await t.database.db
      .selectFrom('user_roles')
      .select(['role', 'site_id'])
      .where('user_id', '=', member.id)
      .execute();
    expect(roles).toEqual([{ role: 'expert', site_id: null }]);
    const fields = await t.database.db
      .selectFrom('expert_fields')
      .select('field_id')
      .where('user_id', '=', member.id)
      .execute();
    expect(fields).toEqual([{ field_id: dict.protal.scene }]);
    const card = await h.call('protal_en', '/user/userDetail', { id: member.id });
    expect(card.json().data.user_logo_arr).toContain(10);
    const directory = await h.call('protal', '/api/stationed/expertList', { field: dict.protal.scene });
    expect(directory.json().data.list.map((u: { user_id: number }) => u.user_id)).toContain(member.id);
    const messages = await t.database.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', member.id)
      .execute();
    expect(messages.map((m) => m.kind)).toContain('review_approved');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_kind'])
      .where('actor_id', '=', reviewer.id)
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'review.reject', target_kind: 'expert' },
        { action: 'review.approve', target_kind: 'expert' },
      ]),
    );

    // An expert has nothing to apply for.
    const more = await call(member, APPLY.save, good);
    expect(more.json()).toEqual({ status: 201, msg: msgOf('protal', 'expertApplyApi.alreadyExpert'), data: null });
    expect((await call(member, APPLY.mine)).json().data).toMatchObject({
      is_expert: true,
      application: { status: 20, editable: false },
    });
  });
});

describe("the back office's experts list", () => {
  it('grants and revokes with a reason, messaged and audited; refuses members (403) and a missing reason', async () => {
    const member = await h.registerMember({ nick: 'Granted' });
    const outsider = await h.registerMember();
    for (const path of ['/admin/expert/list', '/admin/expert/grant', '/admin/expert/revoke']) {
      const res = await staffCall(h, 'protal', path, { user_id: member.id, reason: 'x' }, outsider);
      expect(res.statusCode, path).toBe(403);
    }
    const noReason = await staffCall(
      h,
      'protal',
      '/admin/expert/grant',
      { user_id: member.id, reason: ' ' },
      expertManager,
    );
    expect(noReason.statusCode).toBe(400);
    expect(issues(noReason)).toEqual([{ field: 'reason', message: msgOf('protal', 'expertsAdmin.reasonRule') }]);

    const granted = await staffCall(
      h,
      'protal',
      '/admin/expert/grant',
      { user_id: member.id, reason: 'Great answers' },
      expertManager,
    );
    expect(granted.json()).toMatchObject({
      status: 200,
      data: { user_id: member.id, user_expert: 20, user_logo_arr: [10] },
    });
    const twice = await staffCall(
      h,
      'protal',
      '/admin/expert/grant',
      { user_id: member.id, reason: 'again' },
      expertManager,
    );
    expect(twice.json()).toMatchObject({ status: 201, msg: msgOf('protal', 'expertsAdmin.alreadyExpert') });
    const list = await staffCall(h, 'protal', '/admin/expert/list', { limit: 50 }, expertManager);
    expect(list.json().data.list.map((e: { user_id: number }) => e.user_id)).toContain(member.id);

    const revoked = await staffCall(
      h,
      'protal',
      '/admin/expert/revoke',
      { user_id: member.id, reason: 'Inactive' },
      expertManager,
    );
    expect(revoked.json()).toMatchObject({ status: 200, data: { user_id: member.id, user_expert: 10 } });
    const gone = await staffCall(
      h,
      'protal',
      '/admin/expert/revoke',
      { user_id: member.id, reason: 'Inactive' },
      expertManager,
    );
    expect(gone.json()).toMatchObject({ status: 201, msg: msgOf('protal', 'expertsAdmin.notExpert') });
    const roles = await t.database.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', member.id)
      .execute();
    expect(roles).toEqual([]);
    const messages = await t.database.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(messages).toEqual([
      { kind: 'expert_granted', params: JSON.stringify({ reason: 'Great answers' }) },
      { kind: 'expert_revoked', params: JSON.stringify({ reason: 'Inactive' }) },
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('actor_id', '=', expertManager.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'expert.grant', target_id: String(member.id) },
      { action: 'expert.revoke', target_id: String(member.id) },
    ]);
  });
});
