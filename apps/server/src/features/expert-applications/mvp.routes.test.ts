import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { MVP_RULE } from '@portal/contracts/mvp';
import { PERMISSIONS } from '@portal/contracts/permissions';
import type { Site, TestMember } from '../../../test/accounts-harness';
import { postDictionaries, type SiteDictionaries } from '../../../test/discussions-harness';
import { makeStaff, msgOf, staffCall, staffTestApp } from '../../../test/roles-harness';
import type { TestApp } from '../../../test/test-app';
import { siteAccess } from '../../platform/roles/access';
import { mvpService, termEnd } from './mvp.service';

let t: TestApp;
let h: Awaited<ReturnType<typeof staffTestApp>>['h'];
const dict: Record<Site, SiteDictionaries> = {} as Record<Site, SiteDictionaries>;
let reviewer: TestMember;
let manager: TestMember;

const DAY = 24 * 60 * 60 * 1000;
const APPLY = {
  mine: '/api/stationed/myMvpApplication',
  save: '/api/stationed/saveMvpApplication',
  submit: '/api/stationed/submitMvpApplication',
  withdraw: '/api/stationed/withdrawMvpApplication',
};
const ADMIN = { list: '/admin/mvp/list', grant: '/admin/mvp/grant', term: '/admin/mvp/term', end: '/admin/mvp/end' };

const call = (as: TestMember, path: string, body: unknown = {}, site: Site = 'protal') =>
  h.call(site, path, body, { as, ip: h.freshIp() });

const goodForm = (site: Site, extra: Record<string, unknown> = {}) => ({
  real_name: 'Grace Hopper',
  company: 'Compiler Storage',
  job_title: 'Community lead',
  field_ids: [dict[site].scene],
  biography: 'Runs the storage user group.\nWrites about backups.',
  contributions: [
    { title: 'Answered 120 questions', url: 'https://example.com/answers' },
    { title: 'Talk: tiering in practice', url: 'https://example.com/talk' },
    { title: 'Series: NVMe over fabrics', url: 'https://example.com/series' },
  ],
  ...extra,
});

function issues(res: { json(): unknown }) {
  return (res.json() as { data: { issues: Array<{ field: string; message: string }> } }).data.issues;
}

const rowsOf = (userId: number) =>
  Promise.all([
    t.database.db.selectFrom('mvp_applications').selectAll().where('user_id', '=', userId).execute(),
    t.database.db.selectFrom('review_items').selectAll().where('author_id', '=', userId).execute(),
  ]);

const mvpGrants = (userId: number) =>
  t.database.db
    .selectFrom('user_roles')
    .select(['role', 'site_id', 'expires_at'])
    .where('user_id', '=', userId)
    .where('role', '=', 'mvp')
    .execute();

const badges = async (userId: number, site: Site = 'protal') =>
  (await h.call(site, '/user/userDetail', { id: userId })).json().data.user_logo_arr as number[];

const messageKinds = async (userId: number) =>
  (
    await t.database.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map((m) => m.kind);

async function reviewItemOf(userId: number) {
  return t.database.db
    .selectFrom('review_items')
    .select('id')
    .where('author_id', '=', userId)
    .where('kind', '=', 'mvp')
    .executeTakeFirstOrThrow();
}

/** A member who applied and was approved by the review queue: an MVP for a year from now. */
async function approvedMvp(nick?: string) {
  const member = await h.registerMember(nick ? { nick } : {});
  const sent = await call(member, APPLY.submit, goodForm('protal'));
  expect(sent.json(), sent.body).toMatchObject({ status: 200 });
  const item = await reviewItemOf(member.id);
  const ok = await staffCall(h, 'protal', '/admin/review/decide', { ids: [item.id], decision: 'approve' }, reviewer);
  expect(ok.json(), ok.body).toMatchObject({ status: 200, data: { decided: 1 } });
  return member;
}

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  dict.protal = await postDictionaries(t.database.db, 1);
  dict.protal_en = await postDictionaries(t.database.db, 2);
  reviewer = await makeStaff(h, { permissions: [PERMISSIONS.reviewExpert], siteId: 1, nick: 'MVP Reviewer' });
  manager = await makeStaff(h, { permissions: [PERMISSIONS.expertManage], siteId: null, nick: 'MVP Manager' });
});
afterAll(async () => t?.close());

describe('the MVP application', () => {
  it('holds every field limit with its message in both languages, writing nothing', async () => {
    const member = await h.registerMember();
    const good = goodForm('protal');
    const link = (i: number) => ({ title: `C${i}`, url: 'https://example.com/c' });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ real_name: '' }, 'real_name', 'mvpApply.realNameRule'],
      [{ real_name: 'n'.repeat(MVP_RULE.realNameMax + 1) }, 'real_name', 'mvpApply.realNameRule'],
      [{ company: '' }, 'company', 'mvpApply.companyRule'],
      [{ company: 'c'.repeat(MVP_RULE.companyMax + 1) }, 'company', 'mvpApply.companyRule'],
      [{ job_title: '  ' }, 'job_title', 'mvpApply.jobTitleRule'],
      [{ job_title: 'j'.repeat(MVP_RULE.jobTitleMax + 1) }, 'job_title', 'mvpApply.jobTitleRule'],
      [{ field_ids: [] }, 'field_ids', 'mvpApply.areasRule'],
      [{ field_ids: [1, 2, 3, 4, 5, 6] }, 'field_ids', 'mvpApply.areasTooMany'],
      [{ field_ids: ['x'] }, 'field_ids.0', 'mvpApply.areasRule'],
      [{ biography: '' }, 'biography', 'mvpApply.biographyRequired'],
      [{ biography: 'b'.repeat(MVP_RULE.biographyMax + 1) }, 'biography', 'mvpApply.biographyTooLong'],
      [{ contributions: [link(1), link(2)] }, 'contributions', 'mvpApply.contributionsTooFew'],
      [
        { contributions: Array.from({ length: MVP_RULE.contributionsMax + 1 }, (_, i) => link(i)) },
        'contributions',
        'mvpApply.contributionsTooMany',
      ],
      [
        { contributions: [link(1), link(2), { title: 'Bad', url: 'javascript:alert(1)' }] },
        'contributions.2.url',
        'mvpApply.contributionUrlRule',
      ],
      [
        { contributions: [link(1), link(2), { title: '', url: 'https://example.com' }] },
        'contributions.2.title',
        'mvpApply.contributionTitleRule',
      ],
      [
        { contributions: [link(1), link(2), { title: 't'.repeat(MVP_RULE.itemTitleMax + 1), url: 'https://e.com' }] },
        'contributions.2.title',
        'mvpApply.contributionTitleRule',
      ],
    ];
    const draftNeedsNothing = new Set([
      'mvpApply.biographyRequired',
      'mvpApply.contributionsTooFew',
      'mvpApply.areasRule:field_ids',
    ]);
    for (const site of ['protal', 'protal_en'] as const) {
      for (const [change, field, key] of cases) {
        for (const path of [APPLY.submit, APPLY.save]) {
          const emptyOk = change.real_name === '' || change.company === '' || change.job_title === '  ';
          if (path === APPLY.save && (draftNeedsNothing.has(key) || draftNeedsNothing.has(`${key}:${field}`))) continue;
          if (path === APPLY.save && emptyOk) continue;
          const res = await call(member, path, { ...good, ...change }, site);
          expect(res.statusCode, `${path} ${field}`).toBe(400);
          expect(res.json()).toMatchObject({ status: 40001 });
          expect(issues(res)).toContainEqual({ field, message: msgOf(site, key) });
        }
      }
    }
    // An unknown field, a wrong type, and JSON that is not an object: 400, nothing written.
    const extra = await call(member, APPLY.submit, { ...good, is_mvp: true });
    expect(extra.statusCode).toBe(400);
    const wrongType = await call(member, APPLY.save, { ...good, contributions: 'many' });
    expect(wrongType.statusCode).toBe(400);
    // An area of the other site.
    const foreign = await call(member, APPLY.save, { ...good, field_ids: [dict.protal_en.scene] });
    expect(issues(foreign)).toEqual([{ field: 'field_ids', message: msgOf('protal', 'mvpApply.areasRule') }]);
    expect(await rowsOf(member.id)).toEqual([[], []]);
    // The limits themselves are fine.
    const full = await call(
      member,
      APPLY.submit,
      goodForm('protal_en', {
        biography: 'y'.repeat(MVP_RULE.biographyMax),
        contributions: Array.from({ length: MVP_RULE.contributionsMax }, (_, i) => link(i)),
      }),
      'protal_en',
    );
    expect(full.json(), full.body).toMatchObject({
      status: 200,
      msg: msgOf('protal_en', 'mvpApplyApi.submitted'),
      data: { application: { status: REVIEW_STATUS.pending, editable: false }, may_apply: false },
    });
  });

  it('keeps a draft, submits it, and refuses a second application while pending (409)', async () => {
    const member = await h.registerMember();
    const draft = await call(member, APPLY.save, { real_name: 'Draft Person' });
    expect(draft.json(), draft.body).toMatchObject({
      status: 200,
      msg: msgOf('protal', 'mvpApplyApi.saved'),
      data: { application: { status: 0, real_name: 'Draft Person', editable: true }, term: null, may_apply: true },
    });
    const sent = await call(member, APPLY.submit, goodForm('protal'));
    expect(sent.json()).toMatchObject({ status: 200, data: { application: { status: REVIEW_STATUS.pending } } });
    for (const path of [APPLY.submit, APPLY.save]) {
      const again = await call(member, path, goodForm('protal_en'), 'protal_en');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ status: 201, msg: msgOf('protal_en', 'mvpApplyApi.pending'), data: null });
    }
    const [apps, queue] = await rowsOf(member.id);
    expect(apps).toHaveLength(1);
    expect(queue).toEqual([expect.objectContaining({ kind: 'mvp', site_id: 1, status: REVIEW_STATUS.pending })]);
  });

  it('lets exactly one of two submissions at once through', async () => {
    const member = await h.registerMember();
    const answers = await Promise.all([1, 2, 3].map(() => call(member, APPLY.submit, goodForm('protal'))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [apps, queue] = await rowsOf(member.id);
    expect(apps).toHaveLength(1);
    expect(queue).toHaveLength(1);
  });

  it('withdraws a pending application, which may then be edited; withdrawing twice is refused', async () => {
    const member = await h.registerMember();
    await call(member, APPLY.submit, goodForm('protal'));
    const out = await call(member, APPLY.withdraw);
    expect(out.json()).toMatchObject({ status: 200, data: { application: { status: REVIEW_STATUS.withdrawn } } });
    const again = await call(member, APPLY.withdraw);
    expect(again.json()).toEqual({ status: 201, msg: msgOf('protal', 'mvpApplyApi.notPending'), data: null });
  });

  it('refuses visitors (401) on every member and staff call', async () => {
    for (const path of [...Object.values(APPLY), '/api/user/applications', ...Object.values(ADMIN)]) {
      const res = await t.call(`/api/protal${path}`, {});
      expect(res.statusCode, path).toBe(401);
      expect(res.json()).toMatchObject({ status: 401 });
    }
  });
});

describe('deciding MVP applications', () => {
  it('refuses members and other reviewers (403); a member cannot decide their own application', async () => {
    const member = await h.registerMember();
    await call(member, APPLY.submit, goodForm('protal'));
    const item = await reviewItemOf(member.id);
    const postReviewer = await makeStaff(h, { permissions: [PERMISSIONS.reviewPost], siteId: 1 });
    for (const as of [member, postReviewer]) {
      const res = await staffCall(h, 'protal', '/admin/review/decide', { ids: [item.id], decision: 'approve' }, as);
      expect(res.statusCode).toBe(403);
    }
    for (const path of Object.values(ADMIN)) {
      const res = await staffCall(h, 'protal', path, { user_id: member.id, reason: 'x' }, member);
      expect(res.statusCode, path).toBe(403);
    }
    expect(await mvpGrants(member.id)).toEqual([]);
    const [apps] = await rowsOf(member.id);
    expect(apps[0]!.status).toBe(REVIEW_STATUS.pending);
  });

  it('shows every field; a rejection carries its reason to the personal centre; approval awards a year with badge 20', async () => {
    const member = await h.registerMember({ nick: 'MVP Applicant' });
    await call(member, APPLY.submit, goodForm('protal'));
    const item = await reviewItemOf(member.id);
    const info = await staffCall(h, 'protal', '/admin/review/info', { review_id: item.id }, reviewer);
    const content = info.json().data.content as { title: string; html: string; facts: Array<{ value: string }> };
    expect(content.title).toBe('MVP 申请：Grace Hopper');
    expect(content.html).toContain('href="https://example.com/talk"');
    expect(content.html).toContain('Writes about backups.');
    expect(content.facts.map((f) => f.value)).toEqual(
      expect.arrayContaining(['Grace Hopper', 'Compiler Storage', 'Community lead', '备份']),
    );

    await staffCall(
      h,
      'protal',
      '/admin/review/decide',
      { ids: [item.id], decision: 'reject', reason: 'Too few links' },
      reviewer,
    );
    const centre = await call(member, '/api/user/applications', {}, 'protal_en');
    expect(centre.json().data.list).toEqual([
      expect.objectContaining({
        kind: 'mvp',
        status: REVIEW_STATUS.rejected,
        reason: 'Too few links',
        title: 'MVP application: Grace Hopper',
        edit_path: '/en/stationed/mvp?apply=1',
        editable: true,
      }),
    ]);

    const resent = await call(member, APPLY.submit, goodForm('protal', { company: 'Tiered Co' }));
    expect(resent.json()).toMatchObject({ status: 200, data: { application: { status: 10, reason: '' } } });
    const before = Date.now();
    await staffCall(h, 'protal', '/admin/review/decide', { ids: [item.id], decision: 'approve' }, reviewer);
    const [grant] = await mvpGrants(member.id);
    expect(grant).toMatchObject({ role: 'mvp', site_id: null });
    const expires = Number(grant!.expires_at);
    expect(expires).toBeGreaterThanOrEqual(termEnd(before));
    expect(expires).toBeLessThanOrEqual(termEnd(Date.now()));
    expect(await badges(member.id)).toContain(20);
    expect(await badges(member.id, 'protal_en')).toContain(20);
    const mine = await call(member, APPLY.mine);
    expect(mine.json().data).toMatchObject({
      application: { status: REVIEW_STATUS.approved, editable: false },
      term: { year: new Date(before + 8 * 3600e3).getUTCFullYear() },
      may_apply: false,
    });
    const again = await call(member, APPLY.submit, goodForm('protal'));
    expect(again.statusCode).toBe(409);
    const year = mine.json().data.term.year as number;
    const awards = await h.call('protal_en', '/api/stationed/mvpAwards', { year });
    expect(awards.json().data).toMatchObject({ year, years: expect.arrayContaining([year]) });
    expect(awards.json().data.list).toContainEqual(
      expect.objectContaining({ user_id: member.id, current: true, user_logo_arr: expect.arrayContaining([20]) }),
    );
    const mvpList = await h.call('protal', '/api/stationed/mvpList', { kind: 'mvp' });
    expect(mvpList.json().data.list.map((u: { user_id: number }) => u.user_id)).toContain(member.id);
    expect(await messageKinds(member.id)).toEqual(['review_rejected', 'review_approved']);
  });
});

describe('MVP terms', () => {
  it('stops counting an ended term at once, and the sweep removes it, messages and audits exactly once', async () => {
    const member = await approvedMvp('Term Ender');
    const [grant] = await mvpGrants(member.id);
    const end = Number(grant!.expires_at);
    // The day before the end: still an MVP, and the sweep finds nothing to do.
    const dayBefore = mvpService(t.database.db, { now: () => end - DAY });
    expect(await dayBefore.endExpiredTerms()).toBe(0);
    expect(await mvpGrants(member.id)).toHaveLength(1);

    // Moves the end into the past as a passing year would; reads stop counting before any sweep.
    await t.database.db
      .updateTable('user_roles')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', member.id)
      .where('role', '=', 'mvp')
      .execute();
    await t.database.db
      .updateTable('mvp_awards')
      .set({ ends_at: Date.now() - 1 })
      .where('user_id', '=', member.id)
      .execute();
    expect(await badges(member.id)).not.toContain(20);
    expect((await siteAccess(t.database.db, member.id, 1)).roles.map((r) => r.role)).not.toContain('mvp');
    const mvpList = await h.call('protal', '/api/stationed/mvpList', { kind: 'mvp' });
    expect(mvpList.json().data.list.map((u: { user_id: number }) => u.user_id)).not.toContain(member.id);

    // Three processes sweeping at once, on a clock past the end: one of them ends the term.
    const later = { now: () => end + DAY };
    // Every term awarded in this file ends about then; each is ended once, whoever sweeps.
    const due = (
      await t.database.db
        .selectFrom('user_roles')
        .select('id')
        .where('role', '=', 'mvp')
        .where('expires_at', '<=', end + DAY)
        .execute()
    ).length;
    expect(due).toBeGreaterThanOrEqual(1);
    const counts = await Promise.all([1, 2, 3].map(() => mvpService(t.database.db, later).endExpiredTerms()));
    // Each term is ended once (the server's own timer may have taken one of them first).
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(due);
    const told = await t.database.db
      .selectFrom('messages')
      .select('user_id')
      .where('kind', '=', 'mvp_term_ended')
      .execute();
    expect(told).toHaveLength(due);
    expect(new Set(told.map((m) => m.user_id)).size).toBe(due);
    expect(await mvpGrants(member.id)).toEqual([]);
    expect((await messageKinds(member.id)).filter((k) => k === 'mvp_term_ended')).toHaveLength(1);
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_kind', '=', 'user')
      .where('target_id', '=', String(member.id))
      .execute();
    expect(audits).toEqual([{ action: 'mvp.expire', actor_id: null }]);
    const mine = await call(member, APPLY.mine);
    expect(mine.json().data).toMatchObject({ term: null, may_apply: true });
    // The history keeps the award, no longer current.
    const awards = await h.call('protal', '/api/stationed/mvpAwards', {});
    const listed = awards.json().data.list.find((a: { user_id: number }) => a.user_id === member.id);
    expect(listed).toMatchObject({ current: false });
  });

  it('lets staff grant with an end, move the end and end a term with a reason: messaged and audited', async () => {
    const member = await h.registerMember({ nick: 'Staff Made' });
    const end = new Date(Date.now() + 30 * DAY).toISOString();
    const bad = [
      [{ user_id: member.id, reason: '', end_time: end }, 'reason', 'mvpAdmin.reasonRule'],
      [
        { user_id: member.id, reason: 'r'.repeat(MVP_RULE.reasonMax + 1), end_time: end },
        'reason',
        'mvpAdmin.reasonRule',
      ],
      [{ user_id: member.id, reason: 'ok', end_time: 'tomorrow' }, 'end_time', 'mvpAdmin.endRule'],
      [
        { user_id: member.id, reason: 'ok', end_time: new Date(Date.now() - DAY).toISOString() },
        'end_time',
        'mvpAdmin.endRule',
      ],
      [
        { user_id: member.id, reason: 'ok', end_time: new Date(Date.now() + 4 * 366 * DAY).toISOString() },
        'end_time',
        'mvpAdmin.endRule',
      ],
      [{ user_id: 0, reason: 'ok', end_time: end }, 'user_id', 'mvpAdmin.userRequired'],
    ] as const;
    for (const site of ['protal', 'protal_en'] as const) {
      for (const [body, field, key] of bad) {
        const res = await staffCall(h, site, ADMIN.grant, body, manager);
        expect(res.statusCode, `${field} ${key}`).toBe(400);
        expect(issues(res)).toContainEqual({ field, message: msgOf(site, key) });
      }
    }
    expect(await mvpGrants(member.id)).toEqual([]);
    const missing = await staffCall(
      h,
      'protal',
      ADMIN.grant,
      { user_id: 999_999, reason: 'ok', end_time: end },
      manager,
    );
    expect(missing.statusCode).toBe(404);

    const granted = await staffCall(
      h,
      'protal',
      ADMIN.grant,
      { user_id: member.id, reason: 'Community hero', end_time: end },
      manager,
    );
    expect(granted.json(), granted.body).toMatchObject({
      status: 200,
      msg: msgOf('protal', 'mvpAdmin.granted'),
      data: { user_id: member.id, end_time: end, current: true, user_logo_arr: [20] },
    });
    const twice = await staffCall(
      h,
      'protal',
      ADMIN.grant,
      { user_id: member.id, reason: 'again', end_time: end },
      manager,
    );
    expect(twice.json()).toEqual({ status: 201, msg: msgOf('protal', 'mvpAdmin.alreadyMvp'), data: null });
    const list = await staffCall(h, 'protal', ADMIN.list, {}, manager);
    expect(list.json().data.list.map((i: { user_id: number }) => i.user_id)).toContain(member.id);

    const later = new Date(Date.now() + 200 * DAY).toISOString();
    const moved = await staffCall(h, 'protal_en', ADMIN.term, { user_id: member.id, end_time: later }, manager);
    expect(moved.json()).toMatchObject({ status: 200, data: { end_time: later } });
    expect(Number((await mvpGrants(member.id))[0]!.expires_at)).toBe(Date.parse(later));

    const noReason = await staffCall(h, 'protal', ADMIN.end, { user_id: member.id, reason: ' ' }, manager);
    expect(noReason.statusCode).toBe(400);
    const ended = await staffCall(
      h,
      'protal',
      ADMIN.end,
      { user_id: member.id, reason: 'Left the community' },
      manager,
    );
    expect(ended.json()).toMatchObject({ status: 200, data: { user_id: member.id, ended: true } });
    const endedTwice = await staffCall(h, 'protal', ADMIN.end, { user_id: member.id, reason: 'again' }, manager);
    expect(endedTwice.json()).toEqual({ status: 201, msg: msgOf('protal', 'mvpAdmin.notMvp'), data: null });
    expect(await mvpGrants(member.id)).toEqual([]);
    expect(await badges(member.id)).not.toContain(20);
    expect(await messageKinds(member.id)).toEqual(['mvp_granted', 'mvp_term_changed', 'mvp_ended']);
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_kind', '=', 'user')
      .where('target_id', '=', String(member.id))
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      { action: 'mvp.grant', actor_id: manager.id },
      { action: 'mvp.term', actor_id: manager.id },
      { action: 'mvp.end', actor_id: manager.id },
    ]);
    // Once ended, no term to move.
    const noTerm = await staffCall(h, 'protal', ADMIN.term, { user_id: member.id, end_time: later }, manager);
    expect(noTerm.json()).toEqual({ status: 201, msg: msgOf('protal', 'mvpAdmin.notMvp'), data: null });
  });

  it('lets an MVP renew in the last 90 days: the next term starts where the current one ends', async () => {
    const member = await approvedMvp();
    const early = await call(member, APPLY.submit, goodForm('protal'));
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toContain(msgOf('protal', 'mvpApplyApi.alreadyMvp', { end: '' }).slice(0, 4));
    // Staff bring the end within the renewal window.
    const soon = Date.now() + 30 * DAY;
    await staffCall(h, 'protal', ADMIN.term, { user_id: member.id, end_time: new Date(soon).toISOString() }, manager);
    const renew = await call(member, APPLY.submit, goodForm('protal'));
    expect(renew.json(), renew.body).toMatchObject({ status: 200, data: { application: { status: 10 } } });
    const item = await reviewItemOf(member.id);
    await staffCall(h, 'protal', '/admin/review/decide', { ids: [item.id], decision: 'approve' }, reviewer);
    const [grant] = await mvpGrants(member.id);
    expect(Number(grant!.expires_at)).toBe(termEnd(soon));
    const awards = await t.database.db
      .selectFrom('mvp_awards')
      .select(['starts_at', 'ends_at'])
      .where('user_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(awards.map((a) => Number(a.starts_at))[1]).toBe(soon);
  });
});
