import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_RULE } from '@portal/contracts/feedback';
import type { TestApp } from '../../../test/test-app';
import { translate } from '../../lib/i18n';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { grantDirectly, makeRole, staffCall, staffTestApp } from '../../../test/roles-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
});
afterAll(async () => t?.close());

const SEND = '/api/index/feedBack';
const LIST = '/admin/feedback/list';
const HANDLE = '/admin/feedback/handle';
const lang = (site: Site) => (site === 'protal' ? 'zh' : 'en');

const send = (as: TestMember | undefined, body: unknown, site: Site = 'protal_en') =>
  h.call(site, SEND, body, { ...(as ? { as } : {}), ip: h.freshIp() });

/**
 * Staff calls, made without the harness's privacy check: the inbox shows staff the sender's
 * contact email and mobile on purpose.
 */
const call = (site: Site, path: string, body: unknown, as?: TestMember) => staffCall(h, site, path, body, as);

const rowsOf = (userId: number) =>
  t.database.db.selectFrom('feedback').selectAll().where('user_id', '=', userId).orderBy('id').execute();

const grant = (member: TestMember, role: string, site: number | null = null, scope: number | null = null) =>
  grantDirectly(t.database.db, member.id, role, site, scope);

let deskRole: Promise<string> | undefined;
/** A member holding only a custom staff role with feedback.manage, on one site. */
async function feedbackStaff(site: number): Promise<TestMember> {
  deskRole ??= makeRole(t.database.db, ['feedback.manage'], 'feedback_desk');
  const staff = await h.registerMember({ nick: 'Desk' });
  await grant(staff, await deskRole, site);
  return staff;
}

describe('sending feedback (spec 7 feedBack)', () => {
  it('stores the text with the site and the member, and thanks the member in the site language', async () => {
    const member = await h.registerMember();
    for (const site of ['protal', 'protal_en'] as const) {
      const res = await send(member, { tufb_content: `  The search on the ${site} site is slow.  ` }, site);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ status: 200, msg: translate(lang(site), 'feedback.received'), data: null });
    }
    expect(translate('en', 'feedback.received')).toBe('Thank you, we received your feedback.');
    const rows = await rowsOf(member.id);
    expect(rows.map((r) => [r.site_id, r.content, r.status, r.note, r.handled_by, r.handled_at])).toEqual([
      [1, 'The search on the protal site is slow.', 10, '', null, null],
      [2, 'The search on the protal_en site is slow.', 10, '', null, null],
    ]);
    expect(Math.abs(rows[0]!.created_at - Date.now())).toBeLessThan(60_000);
  });

  it('keeps the text as plain text: markup as typed, control characters and broken characters dropped', async () => {
    const member = await h.registerMember();
    const typed =
      'Line one\r\nLine two\ttabbed <script>alert(1)</script> <b>bold</b> 😀\u0000\u0007\u202Eevil\uD800 end';
    expect((await send(member, { tufb_content: typed })).json().status).toBe(200);
    const [row] = await rowsOf(member.id);
    expect(row!.content).toBe('Line one\nLine two\ttabbed <script>alert(1)</script> <b>bold</b> 😀evil end');
  });

  it('accepts exactly 5,000 characters, after trimming', async () => {
    const member = await h.registerMember();
    const res = await send(member, { tufb_content: `\n  ${'反'.repeat(5000)}  \n` });
    expect(res.json()).toMatchObject({ status: 200 });
    const [row] = await rowsOf(member.id);
    expect(row!.content).toBe('反'.repeat(5000));
  });

  it('refuses a missing, blank, too long or mistyped text with 400/40001 naming tufb_content, and stores nothing', async () => {
    const member = await h.registerMember();
    const cases: Array<[unknown, string]> = [
      [{}, 'feedback.contentRequired'],
      [{ tufb_content: '' }, 'feedback.contentRequired'],
      [{ tufb_content: '   \n\t  ' }, 'feedback.contentRequired'],
      [{ tufb_content: '\u3000\u00a0' }, 'feedback.contentRequired'],
      [{ tufb_content: '\u0000\u0001\u0002' }, 'feedback.contentRequired'],
      [{ tufb_content: 'x'.repeat(5001) }, 'feedback.contentTooLong'],
      [{ tufb_content: ` ${'x'.repeat(5001)} ` }, 'feedback.contentTooLong'],
      [{ tufb_content: 42 }, 'feedback.contentRequired'],
      [{ tufb_content: null }, 'feedback.contentRequired'],
      [{ tufb_content: ['hello'] }, 'feedback.contentRequired'],
      [{ tufb_content: { text: 'hello' } }, 'feedback.contentRequired'],
    ];
    for (const site of ['protal', 'protal_en'] as const) {
      for (const [body, key] of cases) {
        const res = await send(member, body, site);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        const reason = translate(lang(site), key);
        expect(res.json(), JSON.stringify(body)).toEqual({
          status: 40001,
          msg: translate(lang(site), 'errors.validation', { field: 'tufb_content', reason }),
          data: { field: 'tufb_content', issues: [{ field: 'tufb_content', message: reason }] },
        });
      }
    }
    const unknown = await send(member, { tufb_content: 'fine', tufb_email: 'me@example.com' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ status: 40001, data: { field: 'tufb_email' } });
    for (const raw of ['{"tufb_content":', '[]', '"text"']) {
      const res = await send(member, raw);
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().status).toBe(40001);
    }
    expect(await rowsOf(member.id)).toEqual([]);
  });

  it('asks a visitor to sign in (401) and stores nothing', async () => {
    const before = await t.database.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const site of ['protal', 'protal_en'] as const) {
      const res = await send(undefined, { tufb_content: 'anonymous' }, site);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, msg: translate(lang(site), 'errors.unauthorized'), data: null });
    }
    const ended = await send({ token: 'not-a-session-token-at-all' } as TestMember, { tufb_content: 'x' });
    expect(ended.json()).toMatchObject({ status: 401 });
    const after = await t.database.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('takes at most 5 feedbacks per member in 10 minutes (429 with Retry-After), on both sites together', async () => {
    const [member, other] = [await h.registerMember(), await h.registerMember()];
    for (let i = 1; i <= FEEDBACK_RULE.perWindow; i++) {
      const res = await send(member, { tufb_content: `note ${i}` }, i % 2 ? 'protal' : 'protal_en');
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const site of ['protal', 'protal_en'] as const) {
      const sixth = await send(member, { tufb_content: 'one too many' }, site);
      expect(sixth.statusCode).toBe(429);
      const seconds = Number(sixth.headers['retry-after']);
      expect(seconds).toBeGreaterThan(500);
      expect(seconds).toBeLessThanOrEqual(600);
      expect(sixth.json()).toEqual({
        status: 201,
        msg: translate(lang(site), 'feedback.tooMany', { minutes: Math.ceil(seconds / 60) }),
        data: { retry_after_seconds: seconds },
      });
    }
    expect(translate('en', 'feedback.tooMany', { minutes: 10 })).toMatch(/try again in 10 minutes/);
    expect(await rowsOf(member.id)).toHaveLength(5);
    // Another member is not held back by this one.
    expect((await send(other, { tufb_content: 'mine' })).statusCode).toBe(200);

    // Once the oldest send is more than 10 minutes old, one more fits, and then the limit holds again.
    const [oldest] = await rowsOf(member.id);
    await t.database.db
      .updateTable('feedback')
      .set({ created_at: Date.now() - FEEDBACK_RULE.windowMs - 1_000 })
      .where('id', '=', oldest!.id)
      .execute();
    expect((await send(member, { tufb_content: 'later' })).statusCode).toBe(200);
    expect((await send(member, { tufb_content: 'and again' })).statusCode).toBe(429);
    expect(await rowsOf(member.id)).toHaveLength(6);
  });

  it('stores exactly 5 of 12 simultaneous sends of one member', async () => {
    const member = await h.registerMember();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send(member, { tufb_content: `burst ${i}` }, i % 2 ? 'protal' : 'protal_en'),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    expect(await rowsOf(member.id)).toHaveLength(5);
  });

  it('refuses a member whose member role no longer holds feedback.send (403), and takes them back when it does', async () => {
    const member = await h.registerMember();
    await t.database.db
      .deleteFrom('role_permissions')
      .where('role', '=', 'member')
      .where('permission', '=', 'feedback.send')
      .execute();
    try {
      for (const site of ['protal', 'protal_en'] as const) {
        const res = await send(member, { tufb_content: 'let me in' }, site);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ status: 403, msg: translate(lang(site), 'errors.forbidden'), data: null });
      }
      expect(await rowsOf(member.id)).toEqual([]);
    } finally {
      await t.database.db
        .insertInto('role_permissions')
        .values({ role: 'member', permission: 'feedback.send' })
        .execute();
    }
    expect((await send(member, { tufb_content: 'back again' })).statusCode).toBe(200);
  });

  it('refuses a banned member (403)', async () => {
    const member = await h.registerMember();
    await t.database.db
      .updateTable('users')
      .set({ banned_until: Date.now() + 3_600_000, ban_reason: 'spam' })
      .where('id', '=', member.id)
      .execute();
    const res = await send(member, { tufb_content: 'still here' });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(403);
    expect(await rowsOf(member.id)).toEqual([]);
  });
});

describe('the feedback inbox (back office)', () => {
  /** Three senders on the English site, one on the Chinese site, one feedback handled. */
  async function fixture() {
    const tag = Math.random().toString(36).slice(2, 8);
    const alice = await h.registerMember({ nick: `Alice${tag}` });
    await h.completeInformation(alice);
    const bob = await h.registerMember({ nick: `Bob${tag}` });
    const texts = [
      [alice, `${tag} upload fails at 100% on large files`],
      [bob, `${tag} the events page is empty`],
      [alice, `${tag} typo_in footer`],
      [bob, `${tag} search ignores case`],
    ] as const;
    for (const [who, text] of texts) expect((await send(who, { tufb_content: text })).statusCode).toBe(200);
    expect((await send(bob, { tufb_content: `${tag} 中文站的反馈` }, 'protal')).statusCode).toBe(200);
    return { tag, alice, bob };
  }

  it('is refused to visitors (401), members (403), moderators, staff of another site and banned admins (403)', async () => {
    const { tag } = await fixture();
    const member = await h.registerMember();
    const moderator = await h.registerMember();
    await grant(moderator, 'moderator', 2, 7);
    const otherSiteDesk = await feedbackStaff(1);
    const bannedAdmin = await h.registerMember();
    await grant(bannedAdmin, 'admin');
    await t.database.db
      .updateTable('users')
      .set({ banned_until: Date.now() + 3_600_000, ban_reason: 'compromised' })
      .where('id', '=', bannedAdmin.id)
      .execute();
    const [[row]] = [
      await t.database.db
        .selectFrom('feedback')
        .select('id')
        .where('content', 'like', `${tag}%`)
        .where('site_id', '=', 2)
        .execute(),
    ];
    const calls: Array<[string, unknown]> = [
      [LIST, {}],
      [HANDLE, { tufb_id: row!.id, tufb_status: 20, tufb_note: 'done' }],
    ];
    for (const [path, body] of calls) {
      expect((await call('protal_en', path, body)).json()).toMatchObject({ status: 401 });
      for (const who of [member, moderator, otherSiteDesk, bannedAdmin]) {
        const res = await call('protal_en', path, body, who);
        expect(res.statusCode, `${path} as ${who.id}`).toBe(403);
        expect(res.json().status).toBe(403);
      }
    }
    const after = await t.database.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 10, note: '', handled_by: null });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_kind', '=', 'feedback')
      .where('target_id', '=', String(row!.id))
      .execute();
    expect(audit).toEqual([]);
  });

  it("lists the site's feedback newest first, with the sender's card and contact details and counts per status", async () => {
    const { tag, alice, bob } = await fixture();
    const desk = await feedbackStaff(2);
    const res = await call('protal_en', LIST, { keyword: tag }, desk);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data.list.map((i: { tufb_content: string }) => i.tufb_content)).toEqual([
      `${tag} search ignores case`,
      `${tag} typo_in footer`,
      `${tag} the events page is empty`,
      `${tag} upload fails at 100% on large files`,
    ]);
    expect(body.data.counts).toEqual({ new: 4, handled: 0 });
    expect(body.data.next_cursor).toBeNull();
    const fromAlice = body.data.list[1];
    expect(fromAlice).toEqual({
      tufb_id: expect.any(Number),
      tufb_content: `${tag} typo_in footer`,
      tufb_status: 10,
      tufb_note: '',
      user: { user_id: alice.id, user_nick_name: `Alice${tag}`, user_avatar_att_url: '' },
      user_contact_email: alice.email,
      user_contact_mobile: '13800138000',
      create_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      handled_time: null,
      handler_nick_name: null,
    });
    // Bob never completed his information: the contact email is the one he registered with, no mobile.
    expect(body.data.list[0]).toMatchObject({
      user: { user_id: bob.id },
      user_contact_email: bob.email,
      user_contact_mobile: '',
    });

    // The Chinese site's inbox has only the Chinese site's feedback.
    const zh = (await call('protal', LIST, { keyword: tag }, await feedbackStaff(1))).json();
    expect(zh.data.list.map((i: { tufb_content: string }) => i.tufb_content)).toEqual([`${tag} 中文站的反馈`]);
  });

  it('filters by a keyword in the text or the nickname, literally and ignoring case, and by status', async () => {
    const { tag } = await fixture();
    const admin = await h.registerMember();
    await grant(admin, 'admin');
    const contents = async (body: object) => {
      const res = await call('protal_en', LIST, body, admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.list.map((i: { tufb_content: string }) => i.tufb_content.slice(tag.length + 1));
    };
    expect(await contents({ keyword: `${tag} SEARCH` })).toEqual(['search ignores case']);
    expect(await contents({ keyword: `  ${tag} upload fails at 100%  ` })).toEqual([
      'upload fails at 100% on large files',
    ]);
    expect(await contents({ keyword: `${tag} typo_in` })).toEqual(['typo_in footer']);
    // % and _ are the text's own characters, not wildcards.
    expect(await contents({ keyword: `${tag}%footer` })).toEqual([]);
    expect(await contents({ keyword: `${tag}_typo` })).toEqual([]);
    expect(await contents({ keyword: `${tag}\\` })).toEqual([]);
    expect(await contents({ keyword: `alice${tag}` })).toEqual([
      'typo_in footer',
      'upload fails at 100% on large files',
    ]);

    const list = (await call('protal_en', LIST, { keyword: tag }, admin)).json().data.list;
    const handled = await call('protal_en', HANDLE, { tufb_id: list[2].tufb_id, tufb_status: 20 }, admin);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(await contents({ keyword: tag, tufb_status: 20 })).toEqual(['the events page is empty']);
    expect(await contents({ keyword: tag, tufb_status: 10 })).toEqual([
      'search ignores case',
      'typo_in footer',
      'upload fails at 100% on large files',
    ]);
    const counts = (await call('protal_en', LIST, { keyword: tag, tufb_status: 10 }, admin)).json().data.counts;
    expect(counts).toEqual({ new: 3, handled: 1 });
  });

  it('pages with a cursor, each feedback once', async () => {
    const { tag } = await fixture();
    const desk = await feedbackStaff(2);
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await call('protal_en', LIST, { keyword: tag, page_size: 3, ...(cursor ? { cursor } : {}) }, desk);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      seen.push(...data.list.map((i: { tufb_id: number }) => i.tufb_id));
      cursor = data.next_cursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it('refuses bad list filters with 40001 naming the field', async () => {
    const desk = await feedbackStaff(2);
    const cases: Array<[unknown, string]> = [
      [{ tufb_status: 30 }, 'tufb_status'],
      [{ tufb_status: '10' }, 'tufb_status'],
      [{ keyword: 'k'.repeat(51) }, 'keyword'],
      [{ keyword: 5 }, 'keyword'],
      [{ page_size: 51 }, 'page_size'],
      [{ page_size: 0 }, 'page_size'],
      [{ cursor: 'bm90IGEgY3Vyc29y' }, 'cursor'],
      [{ offset: 10 }, 'offset'],
    ];
    for (const [body, field] of cases) {
      const res = await call('protal_en', LIST, body, desk);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ status: 40001, data: { field } });
    }
    expect((await call('protal_en', LIST, { keyword: 'k'.repeat(50) }, desk)).statusCode).toBe(200);
  });

  it('marks a feedback handled with a note and opens it again, each time with an audit row', async () => {
    const { tag } = await fixture();
    const desk = await feedbackStaff(2);
    const deskNick = 'Desk';
    const [target] = (await call('protal_en', LIST, { keyword: `${tag} the events` }, desk)).json().data.list;

    const done = await call(
      'protal_en',
      HANDLE,
      { tufb_id: target.tufb_id, tufb_status: 20, tufb_note: '  Fixed in the 2.3 release.\r\nThanks!  ' },
      desk,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 200,
      data: {
        tufb_id: target.tufb_id,
        tufb_status: 20,
        tufb_note: 'Fixed in the 2.3 release.\nThanks!',
        handled_time: expect.any(String),
        handler_nick_name: deskNick,
      },
    });
    let row = await t.database.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', target.tufb_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 20, note: 'Fixed in the 2.3 release.\nThanks!', handled_by: desk.id });
    expect(row.handled_at).toBeGreaterThan(Date.now() - 60_000);

    // Another staff member edits only the note: still credited to the first.
    const admin = await h.registerMember({ nick: 'Boss' });
    await grant(admin, 'admin');
    const noted = await call(
      'protal_en',
      HANDLE,
      { tufb_id: target.tufb_id, tufb_status: 20, tufb_note: 'Shipped.' },
      admin,
    );
    expect(noted.json().data).toMatchObject({ tufb_status: 20, tufb_note: 'Shipped.', handler_nick_name: deskNick });

    // Opened again without a note: the note stays, the handling is cleared.
    const reopened = await call('protal_en', HANDLE, { tufb_id: target.tufb_id, tufb_status: 10 }, admin);
    expect(reopened.json().data).toMatchObject({
      tufb_status: 10,
      tufb_note: 'Shipped.',
      handled_time: null,
      handler_nick_name: null,
    });
    row = await t.database.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', target.tufb_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 10, note: 'Shipped.', handled_by: null, handled_at: null });

    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_kind', '=', 'feedback')
      .where('target_id', '=', String(target.tufb_id))
      .orderBy('id')
      .execute();
    expect(
      audit.map((a) => [a.actor_id, a.site_id, a.action, JSON.parse(a.before_json!), JSON.parse(a.after_json!)]),
    ).toEqual([
      [
        desk.id,
        2,
        'feedback.handle',
        { status: 10, note: '' },
        { status: 20, note: 'Fixed in the 2.3 release.\nThanks!' },
      ],
      [
        admin.id,
        2,
        'feedback.handle',
        { status: 20, note: 'Fixed in the 2.3 release.\nThanks!' },
        { status: 20, note: 'Shipped.' },
      ],
      [admin.id, 2, 'feedback.handle', { status: 20, note: 'Shipped.' }, { status: 10, note: 'Shipped.' }],
    ]);
    expect(audit[0]!.request_id).not.toBe('');
  });

  it('answers 404 for an unknown feedback or one of another site, changing nothing', async () => {
    const { tag } = await fixture();
    const admin = await h.registerMember();
    await grant(admin, 'admin');
    const zhRow = await t.database.db
      .selectFrom('feedback')
      .select('id')
      .where('site_id', '=', 1)
      .where('content', 'like', `${tag}%`)
      .executeTakeFirstOrThrow();
    for (const id of [999_999, zhRow.id]) {
      const res = await call('protal_en', HANDLE, { tufb_id: id, tufb_status: 20, tufb_note: 'x' }, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, msg: translate('en', 'feedback.notFound'), data: null });
    }
    const row = await t.database.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', zhRow.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 10, note: '', handled_by: null });
    const audit = await t.database.db.selectFrom('audit_log').select('id').where('actor_id', '=', admin.id).execute();
    expect(audit).toEqual([]);
  });

  it('refuses a bad handle body with 40001 naming the field, changing nothing', async () => {
    const { tag } = await fixture();
    const desk = await feedbackStaff(2);
    const [target] = (await call('protal_en', LIST, { keyword: tag }, desk)).json().data.list;
    const cases: Array<[unknown, string]> = [
      [{ tufb_status: 20 }, 'tufb_id'],
      [{ tufb_id: '1', tufb_status: 20 }, 'tufb_id'],
      [{ tufb_id: -1, tufb_status: 20 }, 'tufb_id'],
      [{ tufb_id: target.tufb_id }, 'tufb_status'],
      [{ tufb_id: target.tufb_id, tufb_status: 30 }, 'tufb_status'],
      [{ tufb_id: target.tufb_id, tufb_status: 20, tufb_note: 'n'.repeat(501) }, 'tufb_note'],
      [{ tufb_id: target.tufb_id, tufb_status: 20, tufb_note: 7 }, 'tufb_note'],
      [{ tufb_id: target.tufb_id, tufb_status: 20, handled_by: 1 }, 'handled_by'],
    ];
    for (const [body, field] of cases) {
      const res = await call('protal_en', HANDLE, body, desk);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ status: 40001, data: { field } });
    }
    const note = (
      await call('protal_en', HANDLE, { tufb_id: target.tufb_id, tufb_status: 20, tufb_note: 'n'.repeat(500) }, desk)
    ).json();
    expect(note.data.tufb_note).toHaveLength(500);
  });

  it('still answers after a burst of bad input', async () => {
    const member = await h.registerMember();
    const admin = await h.registerMember();
    await grant(admin, 'admin');
    const bad = ['{', '{"tufb_content":{"$gt":""}}', '\u0000', '{"__proto__":{"tufb_content":"x"}}', 'null'];
    await Promise.all([
      ...bad.map((p) => send(member, p)),
      ...bad.map((p) => call('protal_en', HANDLE, p, admin)),
      ...bad.map((p) => call('protal_en', LIST, p, admin)),
    ]);
    expect((await send(member, { tufb_content: 'still up?' })).statusCode).toBe(200);
    expect((await call('protal_en', LIST, {}, admin)).statusCode).toBe(200);
  });
});
