import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TTL_MS, SESSION_TTL_MS } from '@portal/contracts/accounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { usePasswordCost } from '../../lib/password';
import { translate } from '../../lib/i18n';
import { accountsRepository } from './accounts.repository';
import { ensureAdminAccount } from './admin-account';
import { accountsHarness, sessionCookie, type Site, type TestMember } from '../../../test/accounts-harness';
import { hashToken, SESSION_TOUCH_MS } from './sessions.service';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;

const PASSWORD = 'correct horse battery';
const zh = (key: string, vars?: Record<string, unknown>) => translate('zh', key, vars);
const en = (key: string, vars?: Record<string, unknown>) => translate('en', key, vars);
const msgOf = (lang: 'zh' | 'en', key: string, vars?: Record<string, unknown>) => translate(lang, key, vars);
const langOf = (site: Site) => (site === 'protal' ? 'zh' : 'en');

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
  h = accountsHarness(t);
});
afterAll(async () => t?.close());

const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@test.example.com`;
let mobileCounter = 0;
const uniqueMobile = () => `139${String(Date.now() % 1e4).padStart(4, '0')}${String(++mobileCounter).padStart(4, '0')}`;

async function myInfo(as: TestMember | { token: string; id?: number }, site: Site = 'protal_en') {
  return h.call(site, '/api/user/getMyInfo', {}, { as });
}

async function sessionRow(token: string) {
  return t.database.db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
}

describe('one-time codes', () => {
  it('sends a 6-digit code by email in the language of the site', async () => {
    const target = uniqueEmail('lang');
    for (const site of ['protal', 'protal_en'] as const) {
      await h.forgetLastSend(target);
      const res = await h.call(site, '/api/user/sendCode', { channel: 'email', target, purpose: 'register' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 200,
        msg: msgOf(langOf(site), 'api.ok'),
        data: { resend_after_seconds: 60 },
      });
      const [mail] = await h.outbox(target);
      expect(mail!.channel).toBe('email');
      expect(mail!.code).toMatch(/^\d{6}$/);
      expect(mail!.subject).toBe(msgOf(langOf(site), 'mail.codeSubject'));
      expect(mail!.text).toBe(msgOf(langOf(site), 'mail.registerCode', { code: mail!.code, minutes: 10 }));
    }
  });

  it('sends codes by SMS to a mobile number', async () => {
    const mobile = uniqueMobile();
    const code = await h.sendCode('sms', mobile, 'register', 'protal');
    const [sms] = await h.outbox(mobile);
    expect(sms).toMatchObject({ channel: 'sms', to: mobile, code });
    expect(sms!.text).toBe(zh('mail.smsCode', { code, minutes: 10 }));
  });

  it('answers sign-in and recovery requests alike whether an account exists or not, sending a code only to an account', async () => {
    const member = await h.registerMember();
    const nobody = uniqueEmail('nobody');
    for (const purpose of ['login', 'reset'] as const) {
      await h.forgetLastSend(member.email);
      await h.forgetLastSend(nobody);
      const known = await h.call('protal_en', '/api/user/sendCode', {
        channel: 'email',
        target: member.email,
        purpose,
      });
      const unknown = await h.call('protal_en', '/api/user/sendCode', { channel: 'email', target: nobody, purpose });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(await h.latestCode(member.email)).toMatch(/^\d{6}$/);
      const [note] = await h.outbox(nobody);
      expect(note).toMatchObject({ code: null, subject: en('mail.noAccountSubject'), text: en('mail.noAccountText') });
    }
  });

  it('sends a registration code to a registered address too, and register then refuses with accountExists', async () => {
    const member = await h.registerMember();
    for (const site of ['protal', 'protal_en'] as const) {
      const code = await h.sendCode('email', member.email.toUpperCase(), 'register', site);
      expect(code).toMatch(/^\d{6}$/);
      const res = await h.call(site, '/api/user/register', {
        channel: 'email',
        target: member.email,
        user_nick_name: 'Again',
        password: PASSWORD,
        code,
        agree: true,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 201, msg: msgOf(langOf(site), 'accounts.accountExists'), data: null });
      expect(sessionCookie(res)).toBeNull();
    }
  });

  it('refuses a second send to the same address within a minute, whatever the purpose, saying when to try again', async () => {
    const target = uniqueEmail('soon');
    const first = await h.call('protal', '/api/user/sendCode', { channel: 'email', target, purpose: 'register' });
    expect(first.statusCode).toBe(200);
    for (const [site, purpose] of [
      ['protal', 'register'],
      ['protal_en', 'login'],
    ] as const) {
      const again = await h.call(site, '/api/user/sendCode', {
        channel: 'email',
        target: target.toUpperCase(),
        purpose,
      });
      expect(again.statusCode).toBe(429);
      const seconds = Number(again.headers['retry-after']);
      expect(seconds).toBeGreaterThan(55);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(again.json()).toEqual({
        status: 201,
        msg: msgOf(langOf(site), 'accounts.codeTooSoon', { seconds }),
        data: { retry_after_seconds: seconds },
      });
    }
    expect((await h.outbox(target)).length).toBe(1);
    await h.forgetLastSend(target);
    const later = await h.call('protal', '/api/user/sendCode', { channel: 'email', target, purpose: 'register' });
    expect(later.statusCode).toBe(200);
  });

  it('lets only one of ten simultaneous sends to an address through', async () => {
    const target = uniqueEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.call('protal_en', '/api/user/sendCode', { channel: 'email', target, purpose: 'register' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(9);
    expect((await h.outbox(target)).length).toBe(1);
  });

  async function registerWith(target: string, code: string | null, site: Site = 'protal_en') {
    return h.call(site, '/api/user/register', {
      channel: 'email',
      target,
      user_nick_name: 'Coder',
      password: PASSWORD,
      code,
      agree: true,
    });
  }
  const expectCodeWrong = (res: Awaited<ReturnType<typeof registerWith>>, lang: 'zh' | 'en' = 'en') => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 201, msg: msgOf(lang, 'accounts.codeWrong'), data: null });
    expect(sessionCookie(res)).toBeNull();
  };
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('refuses a wrong code, in both languages', async () => {
    const target = uniqueEmail('wrong');
    const code = (await h.sendCode('email', target, 'register'))!;
    expectCodeWrong(await registerWith(target, wrongCodeFor(code), 'protal'), 'zh');
    expectCodeWrong(await registerWith(target, wrongCodeFor(code)), 'en');
    expect((await registerWith(target, code)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const target = uniqueEmail('expired');
    const code = (await h.sendCode('email', target, 'register'))!;
    await t.database.db
      .updateTable('verification_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('target', '=', target)
      .execute();
    expectCodeWrong(await registerWith(target, code));
  });

  it('keeps a code valid for ten minutes', async () => {
    const target = uniqueEmail('fresh');
    const code = (await h.sendCode('email', target, 'register'))!;
    const row = await t.database.db
      .selectFrom('verification_codes')
      .select(['created_at', 'expires_at', 'code_hash'])
      .where('target', '=', target)
      .executeTakeFirstOrThrow();
    expect(row.expires_at - row.created_at).toBe(CODE_TTL_MS);
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('uses a code once', async () => {
    const target = uniqueEmail('reuse');
    const code = (await h.sendCode('email', target, 'register'))!;
    expect((await registerWith(target, code)).statusCode).toBe(200);
    // The same code again, for a sign-in by code or a second registration: used up.
    const again = await h.call('protal_en', '/api/user/loginByCode', { channel: 'email', target, code });
    expectCodeWrong(again);
  });

  it('lets one of two simultaneous uses of a code through', async () => {
    const member = await h.registerMember();
    const code = (await h.sendCode('email', member.email, 'login'))!;
    const answers = await Promise.all(
      [1, 2].map(() => h.call('protal_en', '/api/user/loginByCode', { channel: 'email', target: member.email, code })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('gives up on a code after five wrong tries, even when the sixth is right', async () => {
    const target = uniqueEmail('tries');
    const code = (await h.sendCode('email', target, 'register'))!;
    for (let i = 0; i < 5; i++) expectCodeWrong(await registerWith(target, wrongCodeFor(code)));
    expectCodeWrong(await registerWith(target, code));
  });

  it('accepts only the newest code of an address', async () => {
    const target = uniqueEmail('newest');
    const first = (await h.sendCode('email', target, 'register'))!;
    const second = (await h.sendCode('email', target, 'register'))!;
    if (first !== second) expectCodeWrong(await registerWith(target, first));
    expect((await registerWith(target, second)).statusCode).toBe(200);
  });

  it('does not take a code of one purpose for another', async () => {
    const member = await h.registerMember();
    const code = (await h.sendCode('email', member.email, 'reset'))!;
    expectCodeWrong(
      await h.call('protal_en', '/api/user/loginByCode', { channel: 'email', target: member.email, code }),
    );
  });
});

describe('registration', () => {
  it('creates a member with is_edit 2, signs them in and sets the session cookie', async () => {
    const email = uniqueEmail('new');
    const code = await h.sendCode('email', email, 'register', 'protal');
    const res = await h.call('protal', '/api/user/register', {
      channel: 'email',
      target: email,
      user_nick_name: '  新会员  ',
      password: PASSWORD,
      code,
      agree: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 200,
      msg: zh('api.ok'),
      data: {
        user_nick_name: '新会员',
        is_edit: 2,
        user_expert: 10,
        user_contact_email: email,
        user_contact_mobile: '',
        user_points_level: 1,
        user_post_count: 0,
        user_comment_count: 0,
      },
    });
    const cookie = sessionCookie(res)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toMatchObject({
      httponly: true,
      samesite: 'Lax',
      path: '/',
      'max-age': String(SESSION_TTL_MS / 1000),
    });
    expect(cookie.attributes.secure).toBeUndefined();
    // The token is stored only as its hash.
    const row = await sessionRow(cookie.value);
    expect(row.token_hash).toBe(hashToken(cookie.value));
    expect(row.expires_at - row.created_at).toBe(SESSION_TTL_MS);
    const stored = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.data.user_id)
      .executeTakeFirstOrThrow();
    // The suites hash with N = 2^10 (test-app.ts); lib/password.test.ts checks the production cost.
    expect(stored.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(stored.email).toBe(email);
    // The session works from the cookie and from the accesstoken header.
    expect((await myInfo({ token: cookie.value, id: body.data.user_id }, 'protal')).json().data.user_id).toBe(
      body.data.user_id,
    );
    const byHeader = await h.call('protal_en', '/api/user/getMyInfo', {}, { headers: { accesstoken: cookie.value } });
    expect(byHeader.json()).toMatchObject({ status: 200, data: { user_id: body.data.user_id } });
  });

  it('registers by mobile number', async () => {
    const mobile = uniqueMobile();
    const code = await h.sendCode('sms', mobile, 'register');
    const res = await h.call('protal_en', '/api/user/register', {
      channel: 'sms',
      target: mobile,
      user_nick_name: 'Mobile',
      password: PASSWORD,
      code,
      agree: true,
    });
    expect(res.json()).toMatchObject({
      status: 200,
      data: { user_contact_mobile: mobile, user_contact_email: '', is_edit: 2 },
    });
    h.remember(res.json().data.user_id, mobile);
    const login = await h.call(
      'protal_en',
      '/api/user/login',
      { account: mobile, password: PASSWORD },
      { ip: h.freshIp() },
    );
    expect(login.statusCode).toBe(200);
  });
});

describe('sign-in by password', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await h.registerMember({ email: uniqueEmail('Signer') });
  });

  it('signs in by email in any case and answers the current member', async () => {
    const res = await h.call(
      'protal',
      '/api/user/login',
      { account: `  ${member.email.toUpperCase()} `, password: PASSWORD },
      { ip: h.freshIp() },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, msg: zh('api.ok'), data: { user_id: member.id, is_edit: 2 } });
    const cookie = sessionCookie(res)!;
    expect((await myInfo({ token: cookie.value, id: member.id })).json().data.user_id).toBe(member.id);
  });

  it('signs in the first admin by ADMIN_EMAIL, whatever its case', async () => {
    const admin = await ensureAdminAccount(t.database.db, {
      email: 'Admin@Storage-Community.local',
      password: 'admin password 123',
      now: Date.now(),
    });
    expect(admin.created).toBe(true);
    const res = await h.call(
      'protal_en',
      '/api/user/login',
      { account: 'admin@storage-community.LOCAL', password: 'admin password 123' },
      { ip: h.freshIp() },
    );
    expect(res.json()).toMatchObject({ status: 200, data: { user_logo_arr: [80], is_edit: 1 } });
  });

  it('answers wrongCredentials for a wrong password and for an unknown account alike, both after a password hash', async () => {
    // Hashes at production's cost, in an app of its own: the suites' cheap hashes take no time to tell.
    const strict = await createTestApp({ passwordCost: 'production', env: { TRUST_PROXY: 'true' } });
    try {
      const sh = accountsHarness(strict);
      const member = await sh.registerMember({ email: uniqueEmail('Timed') });
      for (const site of ['protal', 'protal_en'] as const) {
        const ip = sh.freshIp();
        let start = performance.now();
        const wrong = await sh.call(
          site,
          '/api/user/login',
          { account: member.email, password: 'not the password' },
          { ip },
        );
        const wrongMs = performance.now() - start;
        start = performance.now();
        const unknown = await sh.call(
          site,
          '/api/user/login',
          { account: uniqueEmail('ghost'), password: 'not the password' },
          { ip },
        );
        const unknownMs = performance.now() - start;
        // The same answer for both, with the attempts left: the unknown account's are this IP's (2 spent).
        for (const res of [wrong, unknown]) {
          expect(res.statusCode).toBe(401);
          expect(res.json()).toMatchObject({ status: 201, msg: msgOf(langOf(site), 'accounts.wrongCredentials') });
          expect(Object.keys(res.json().data)).toEqual(['remaining_attempts']);
          expect(sessionCookie(res)).toBeNull();
        }
        expect(wrong.json().data.remaining_attempts).toBeLessThanOrEqual(4);
        expect(unknown.json().data.remaining_attempts).toBe(3);
        // scrypt (N=2^15) takes tens of milliseconds: an unknown account is not answered faster.
        expect(wrongMs).toBeGreaterThan(20);
        expect(unknownMs).toBeGreaterThan(20);
      }
    } finally {
      await strict.close();
      usePasswordCost('test');
    }
  });

  it('refuses bad sign-in input with 40001 naming the field, without spending an attempt', async () => {
    const target = await h.registerMember();
    const ip = h.freshIp();
    for (const [body, field] of [
      [{ account: '', password: 'whatever 1' }, 'account'],
      [{ account: target.email }, 'password'],
      [{ account: target.email, password: 42 }, 'password'],
      [{ account: 'x'.repeat(255), password: 'whatever 1' }, 'account'],
    ] as const) {
      const res = await h.call('protal_en', '/api/user/login', body, { ip });
      expect(res.json(), JSON.stringify(body)).toMatchObject({ status: 40001, data: { field } });
    }
    const res = await h.call('protal_en', '/api/user/login', { account: target.email, password: 'wrong one' }, { ip });
    expect(res.json().data).toEqual({ remaining_attempts: 4 });
  });

  it('refuses an account after five failures in fifteen minutes, from any IP, saying when to try again', async () => {
    const target = await h.registerMember();
    for (let i = 0; i < 5; i++) {
      const res = await h.call(
        'protal_en',
        '/api/user/login',
        { account: target.email, password: `wrong ${i}` },
        { ip: h.freshIp() },
      );
      // Each wrong password says how many remain before the limit: 4, 3, 2, 1, 0.
      expect(res.json()).toEqual({
        status: 201,
        msg: en('accounts.wrongCredentials'),
        data: { remaining_attempts: 4 - i },
      });
    }
    // The right password from yet another IP: refused all the same.
    for (const site of ['protal', 'protal_en'] as const) {
      const res = await h.call(
        site,
        '/api/user/login',
        { account: target.email, password: PASSWORD },
        { ip: h.freshIp() },
      );
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        status: 201,
        msg: msgOf(langOf(site), 'accounts.tooManyFailures', { minutes: 15 }),
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // Ten minutes later, five remain.
    await t.database.db
      .updateTable('auth_failures')
      .set((eb) => ({ created_at: eb('created_at', '-', 10 * 60_000) }))
      .where('key', '=', `email:${target.email}`)
      .execute();
    const later = await h.call(
      'protal_en',
      '/api/user/login',
      { account: target.email, password: PASSWORD },
      { ip: h.freshIp() },
    );
    expect(later.json()).toMatchObject({ status: 201, msg: en('accounts.tooManyFailures', { minutes: 5 }) });
    // Once the oldest failure leaves the window, the right password works.
    await t.database.db
      .updateTable('auth_failures')
      .set((eb) => ({ created_at: eb('created_at', '-', 5 * 60_000 + 1000) }))
      .where('key', '=', `email:${target.email}`)
      .execute();
    const ok = await h.call(
      'protal_en',
      '/api/user/login',
      { account: target.email, password: PASSWORD },
      { ip: h.freshIp() },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an IP after five failures in fifteen minutes, whatever the account', async () => {
    const ip = h.freshIp();
    for (let i = 0; i < 5; i++) {
      await h.call(
        'protal_en',
        '/api/user/login',
        { account: uniqueEmail(`ip${i}`), password: 'whatever pass' },
        { ip },
      );
    }
    const refused = await h.call('protal', '/api/user/login', { account: member.email, password: PASSWORD }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 201, msg: zh('accounts.tooManyFailures', { minutes: 15 }) });
    // The same member from another IP signs in.
    const elsewhere = await h.call(
      'protal',
      '/api/user/login',
      { account: member.email, password: PASSWORD },
      { ip: h.freshIp() },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts failures again from zero after a successful sign-in', async () => {
    const target = await h.registerMember();
    const attempt = (password: string) =>
      h.call('protal_en', '/api/user/login', { account: target.email, password }, { ip: h.freshIp() });
    for (let i = 0; i < 4; i++) await attempt('wrong password');
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await attempt('wrong password');
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a banned member with the right password, and ends what their sessions can do', async () => {
    const target = await h.registerMember();
    expect((await myInfo(target)).statusCode).toBe(200);
    await t.database.db.updateTable('users').set({ status: 0 }).where('id', '=', target.id).execute();
    const res = await h.call(
      'protal_en',
      '/api/user/login',
      { account: target.email, password: PASSWORD },
      { ip: h.freshIp() },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 201, msg: en('accounts.banned'), data: null });
    const session = await myInfo(target, 'protal');
    expect(session.statusCode).toBe(401);
    expect(session.json()).toEqual({ status: 401, msg: zh('errors.unauthorized'), data: null });
    // Nor by code.
    const code = await h.sendCode('email', target.email, 'login');
    const byCode = await h.call('protal_en', '/api/user/loginByCode', { channel: 'email', target: target.email, code });
    expect(byCode.json()).toMatchObject({ status: 201, msg: en('accounts.banned') });
  });
});

describe('sign-in by code', () => {
  it('signs a member in with a code sent by email', async () => {
    const member = await h.registerMember();
    const code = await h.sendCode('email', member.email, 'login', 'protal');
    const res = await h.call('protal', '/api/user/loginByCode', {
      channel: 'email',
      target: member.email.toUpperCase(),
      code,
    });
    expect(res.json()).toMatchObject({ status: 200, data: { user_id: member.id } });
    expect(sessionCookie(res)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses an unregistered address with the answer of a wrong code', async () => {
    const nobody = uniqueEmail('nocode');
    const code = await h.sendCode('email', nobody, 'login');
    expect(code).toBeNull();
    for (const site of ['protal', 'protal_en'] as const) {
      const res = await h.call(site, '/api/user/loginByCode', { channel: 'email', target: nobody, code: '123456' });
      expect(res.json()).toEqual({ status: 201, msg: msgOf(langOf(site), 'accounts.codeWrong'), data: null });
    }
  });
});

describe('sessions', () => {
  it('ends the session at logout and removes the cookie', async () => {
    const member = await h.registerMember();
    const res = await h.call('protal_en', '/api/user/logout', {}, { as: member });
    expect(res.json()).toEqual({ status: 200, msg: 'Success', data: null });
    const cleared = sessionCookie(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toMatchObject({ path: '/', httponly: true, samesite: 'Lax' });
    expect(new Date(String(cleared.attributes.expires)).getTime()).toBeLessThan(Date.now());
    expect((await sessionRow(member.token)).revoked_at).not.toBeNull();
    const after = await myInfo(member);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status: 401, msg: en('errors.unauthorized'), data: null });
  });

  it('answers 401 with envelope status 401 to member calls without a session, with a forged token or an expired one', async () => {
    const member = await h.registerMember();
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashToken(member.token))
      .execute();
    const calls: Array<[string, unknown]> = [
      ['/api/user/getMyInfo', {}],
      ['/api/user/logout', {}],
      ['/api/user/saveInformation', {}],
      ['/api/user/updateAccount', {}],
      ['/api/user/changePassword', {}],
      ['/userfollow/add', { user_id: 1 }],
    ];
    for (const as of [undefined, { token: 'x'.repeat(43) }, { token: 'short' }, member]) {
      for (const [path, body] of calls) {
        for (const site of ['protal', 'protal_en'] as const) {
          const res = await h.call(site, path, body, { as });
          expect(res.statusCode, `${path} as ${as?.token}`).toBe(401);
          expect(res.json()).toEqual({ status: 401, msg: msgOf(langOf(site), 'errors.unauthorized'), data: null });
        }
      }
    }
  });

  it('slides the expiry at most once an hour and sends the cookie again when it does', async () => {
    const member = await h.registerMember();
    const first = await myInfo(member);
    expect(sessionCookie(first)).toBeNull();
    const before = await sessionRow(member.token);
    // Two hours idle, a minute before expiry.
    const now = Date.now();
    await t.database.db
      .updateTable('sessions')
      .set({ last_seen_at: now - 2 * SESSION_TOUCH_MS, expires_at: now + 60_000 })
      .where('id', '=', before.id)
      .execute();
    const slid = await myInfo(member);
    expect(slid.statusCode).toBe(200);
    const cookie = sessionCookie(slid)!;
    expect(cookie.value).toBe(member.token);
    expect(cookie.attributes['max-age']).toBe(String(SESSION_TTL_MS / 1000));
    const after = await sessionRow(member.token);
    expect(after.expires_at).toBeGreaterThanOrEqual(now + SESSION_TTL_MS);
    expect(after.last_seen_at).toBeGreaterThanOrEqual(now);
    // Within the hour nothing is written.
    const again = await myInfo(member);
    expect(sessionCookie(again)).toBeNull();
    expect((await sessionRow(member.token)).last_seen_at).toBe(after.last_seen_at);
  });

  it('ends every other session when the password changes, and keeps this one', async () => {
    const member = await h.registerMember();
    const other = sessionCookie(
      await h.call('protal_en', '/api/user/login', { account: member.email, password: PASSWORD }, { ip: h.freshIp() }),
    )!.value;
    const newPassword = 'a brand new secret';
    const res = await h.call(
      'protal_en',
      '/api/user/changePassword',
      { old_password: PASSWORD, password: newPassword, password_confirm: newPassword },
      { as: member },
    );
    expect(res.json()).toEqual({ status: 200, msg: 'Success', data: null });
    expect((await myInfo(member)).statusCode).toBe(200);
    expect((await myInfo({ token: other, id: member.id })).statusCode).toBe(401);
    const oldLogin = await h.call(
      'protal_en',
      '/api/user/login',
      { account: member.email, password: PASSWORD },
      { ip: h.freshIp() },
    );
    expect(oldLogin.json().msg).toBe(en('accounts.wrongCredentials'));
    const newLogin = await h.call(
      'protal_en',
      '/api/user/login',
      { account: member.email, password: newPassword },
      { ip: h.freshIp() },
    );
    expect(newLogin.statusCode).toBe(200);
  });

  it('refuses a password change with a wrong current password or a confirmation that differs', async () => {
    const member = await h.registerMember();
    for (const site of ['protal', 'protal_en'] as const) {
      const lang = langOf(site);
      const wrong = await h.call(
        site,
        '/api/user/changePassword',
        { old_password: 'not my password', password: 'another secret', password_confirm: 'another secret' },
        { as: member },
      );
      expect(wrong.json()).toEqual({ status: 201, msg: msgOf(lang, 'accounts.oldPasswordWrong'), data: null });
      const mismatch = await h.call(
        site,
        '/api/user/changePassword',
        { old_password: PASSWORD, password: 'another secret', password_confirm: 'another secreT' },
        { as: member },
      );
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toMatchObject({
        status: 40001,
        msg: msgOf(lang, 'errors.validation', {
          field: 'password_confirm',
          reason: msgOf(lang, 'accounts.passwordMismatch'),
        }),
        data: { field: 'password_confirm' },
      });
    }
    expect((await myInfo(member)).statusCode).toBe(200);
  });

  it('resets the password with a recovery code and ends every session', async () => {
    const member = await h.registerMember();
    const second = sessionCookie(
      await h.call('protal_en', '/api/user/login', { account: member.email, password: PASSWORD }, { ip: h.freshIp() }),
    )!.value;
    const code = await h.sendCode('email', member.email, 'reset', 'protal');
    expect((await h.outbox(member.email))[0]!.text).toBe(zh('mail.resetCode', { code, minutes: 10 }));
    const fresh = 'reset to this one';
    const res = await h.call('protal', '/api/user/forget', {
      channel: 'email',
      target: member.email,
      code,
      password: fresh,
      password_confirm: fresh,
    });
    expect(res.json()).toEqual({ status: 200, msg: zh('api.ok'), data: null });
    expect((await myInfo(member)).statusCode).toBe(401);
    expect((await myInfo({ token: second, id: member.id })).statusCode).toBe(401);
    const login = await h.call(
      'protal_en',
      '/api/user/login',
      { account: member.email, password: fresh },
      { ip: h.freshIp() },
    );
    expect(login.statusCode).toBe(200);
    // The code is used up.
    const again = await h.call('protal', '/api/user/forget', {
      channel: 'email',
      target: member.email,
      code,
      password: 'and once more',
      password_confirm: 'and once more',
    });
    expect(again.json()).toMatchObject({ status: 201, msg: zh('accounts.codeWrong') });
  });

  it('lifts the lock-out of an account whose password was reset', async () => {
    const member = await h.registerMember();
    for (let i = 0; i < 5; i++) {
      await h.call(
        'protal_en',
        '/api/user/login',
        { account: member.email, password: 'guessing wrong' },
        { ip: h.freshIp() },
      );
    }
    const code = await h.sendCode('email', member.email, 'reset');
    await h.call('protal_en', '/api/user/forget', {
      channel: 'email',
      target: member.email,
      code,
      password: 'the new password',
      password_confirm: 'the new password',
    });
    const login = await h.call(
      'protal_en',
      '/api/user/login',
      { account: member.email, password: 'the new password' },
      { ip: h.freshIp() },
    );
    expect(login.statusCode).toBe(200);
  });

  it('ends the previous session of a browser that signs in again', async () => {
    const member = await h.registerMember();
    const res = await h.call(
      'protal_en',
      '/api/user/login',
      { account: member.email, password: PASSWORD },
      { as: member, ip: h.freshIp() },
    );
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)!.value).not.toBe(member.token);
    expect((await myInfo(member)).statusCode).toBe(401);
  });

  it('marks the cookie Secure in production', async () => {
    const prod = await createTestApp({
      env: {
        NODE_ENV: 'production',
        ADMIN_PASSWORD: 'production-admin-password',
        MAIL_OUTBOX: 'true',
        PUBLIC_URL: 'https://community.example.com',
      },
    });
    try {
      const ph = accountsHarness(prod);
      const member = await ph.registerMember();
      const res = await ph.call('protal_en', '/api/user/login', { account: member.email, password: PASSWORD });
      expect(sessionCookie(res)!.attributes).toMatchObject({
        secure: true,
        httponly: true,
        samesite: 'Lax',
        path: '/',
      });
    } finally {
      await prod.close();
    }
  });
});

describe('every call names the field and says why, in both languages', () => {
  const good = { channel: 'email', target: 'someone@test.example.com' };
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['/api/user/sendCode', {}, 'channel', 'accounts.channelInvalid'],
    ['/api/user/sendCode', { channel: 'fax', target: 'x', purpose: 'login' }, 'channel', 'accounts.channelInvalid'],
    ['/api/user/sendCode', { channel: 'email', purpose: 'login' }, 'target', 'accounts.emailInvalid'],
    [
      '/api/user/sendCode',
      { channel: 'email', target: 'not-an-email', purpose: 'login' },
      'target',
      'accounts.emailInvalid',
    ],
    ['/api/user/sendCode', { channel: 'sms', target: '12345', purpose: 'login' }, 'target', 'accounts.mobileInvalid'],
    [
      '/api/user/sendCode',
      { channel: 'sms', target: '+0123456789', purpose: 'login' },
      'target',
      'accounts.mobileInvalid',
    ],
    [
      '/api/user/register',
      { ...good, password: PASSWORD, code: '123456', agree: true },
      'user_nick_name',
      'accounts.nicknameRule',
    ],
    [
      '/api/user/register',
      { ...good, user_nick_name: 'x', password: PASSWORD, code: '123456', agree: true },
      'user_nick_name',
      'accounts.nicknameRule',
    ],
    [
      '/api/user/register',
      { ...good, user_nick_name: 'x'.repeat(21), password: PASSWORD, code: '123456', agree: true },
      'user_nick_name',
      'accounts.nicknameRule',
    ],
    [
      '/api/user/register',
      { ...good, user_nick_name: 'Nick', password: 'short', code: '123456', agree: true },
      'password',
      'accounts.passwordRule',
    ],
    [
      '/api/user/register',
      { ...good, user_nick_name: 'Nick', password: 'x'.repeat(65), code: '123456', agree: true },
      'password',
      'accounts.passwordRule',
    ],
    [
      '/api/user/register',
      { ...good, user_nick_name: 'Nick', code: '123456', agree: true },
      'password',
      'accounts.passwordRule',
    ],
    [
      '/api/user/register',
      { ...good, user_nick_name: 'Nick', password: PASSWORD, code: '12345', agree: true },
      'code',
      'accounts.codeInvalid',
    ],
    [
      '/api/user/register',
      { ...good, user_nick_name: 'Nick', password: PASSWORD, agree: true },
      'code',
      'accounts.codeInvalid',
    ],
    [
      '/api/user/register',
      { ...good, user_nick_name: 'Nick', password: PASSWORD, code: '123456', agree: false },
      'agree',
      'accounts.mustAgree',
    ],
    [
      '/api/user/register',
      { ...good, user_nick_name: 'Nick', password: PASSWORD, code: '123456' },
      'agree',
      'accounts.mustAgree',
    ],
    ['/api/user/login', { password: PASSWORD }, 'account', 'accounts.accountRequired'],
    ['/api/user/login', { account: '   ', password: PASSWORD }, 'account', 'accounts.accountRequired'],
    ['/api/user/login', { account: 'someone@test.example.com' }, 'password', 'accounts.passwordRequired'],
    ['/api/user/login', { account: 'someone@test.example.com', password: '' }, 'password', 'accounts.passwordRequired'],
    ['/api/user/loginByCode', { ...good, code: 'abcdef' }, 'code', 'accounts.codeInvalid'],
    [
      '/api/user/loginByCode',
      { channel: 'sms', target: 'someone@test.example.com', code: '123456' },
      'target',
      'accounts.mobileInvalid',
    ],
    [
      '/api/user/forget',
      { ...good, code: '123456', password: 'short', password_confirm: 'short' },
      'password',
      'accounts.passwordRule',
    ],
    [
      '/api/user/forget',
      { ...good, code: '123456', password: PASSWORD, password_confirm: 'different one' },
      'password_confirm',
      'accounts.passwordMismatch',
    ],
    [
      '/api/user/forget',
      { ...good, code: '123456', password: PASSWORD },
      'password_confirm',
      'accounts.passwordMismatch',
    ],
    ['/api/user/forget', { ...good, password: PASSWORD, password_confirm: PASSWORD }, 'code', 'accounts.codeInvalid'],
  ];
  it.each(cases)('%s %j refuses %s', async (path, body, field, key) => {
    for (const site of ['protal', 'protal_en'] as const) {
      const lang = langOf(site);
      const res = await h.call(site, path, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 40001,
        msg: msgOf(lang, 'errors.validation', { field, reason: msgOf(lang, key) }),
        data: { field },
      });
    }
  });

  const memberCases: Array<[string, Record<string, unknown>, string, string]> = [
    [
      '/api/user/changePassword',
      { password: PASSWORD, password_confirm: PASSWORD },
      'old_password',
      'accounts.passwordRequired',
    ],
    [
      '/api/user/changePassword',
      { old_password: PASSWORD, password: 'short', password_confirm: 'short' },
      'password',
      'accounts.passwordRule',
    ],
    [
      '/api/user/changePassword',
      { old_password: PASSWORD, password: 'long enough 1', password_confirm: 'long enough 2' },
      'password_confirm',
      'accounts.passwordMismatch',
    ],
  ];
  it.each(memberCases)('%s %j refuses %s', async (path, body, field, key) => {
    const member = await h.registerMember();
    for (const site of ['protal', 'protal_en'] as const) {
      const lang = langOf(site);
      const res = await h.call(site, path, body, { as: member });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 40001,
        msg: msgOf(lang, 'errors.validation', { field, reason: msgOf(lang, key) }),
        data: { field },
      });
    }
  });

  it('refuses unknown fields and purposes', async () => {
    const extra = await h.call('protal_en', '/api/user/login', { account: 'a@b.co', password: 'x', admin: true });
    expect(extra.json()).toMatchObject({ status: 40001, data: { field: 'admin' } });
    const purpose = await h.call('protal_en', '/api/user/sendCode', { ...good, purpose: 'steal' });
    expect(purpose.json()).toMatchObject({ status: 40001, data: { field: 'purpose' } });
  });
});

describe('the outbox', () => {
  it('is readable only in the outbox mode; with SMTP the mail goes to the SMTP server', async () => {
    const { SMTPServer } = await import('smtp-server');
    const received: Array<{ to: string[]; raw: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('latin1'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as { port: number }).port;
    const real = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_OUTBOX: 'false' } });
    try {
      const target = uniqueEmail('smtp');
      const res = await real.call('/api/protal_en/api/user/sendCode', {
        channel: 'email',
        target,
        purpose: 'register',
      });
      expect(res.json()).toMatchObject({ status: 200 });
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual([target]);
      expect(received[0]!.raw).toMatch(/^From: Storage Community <no-reply@storage-community\.local>/m);
      const outbox = await real.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${target}` });
      expect(outbox.statusCode).toBe(404);
      expect(await real.database.db.selectFrom('dev_outbox').selectAll().execute()).toEqual([]);
      // No SMS gateway is configured outside the outbox mode.
      const sms = await real.call('/api/protal_en/api/user/sendCode', {
        channel: 'sms',
        target: uniqueMobile(),
        purpose: 'register',
      });
      expect(sms.json()).toEqual({ status: 201, msg: en('accounts.smsUnavailable'), data: null });
    } finally {
      await real.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('frees the send slot when the mail cannot be delivered', async () => {
    const down = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_OUTBOX: 'false', LOG_LEVEL: 'silent' },
    });
    try {
      const target = uniqueEmail('down');
      for (let i = 0; i < 2; i++) {
        const res = await down.call('/api/protal/api/user/sendCode', { channel: 'email', target, purpose: 'register' });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ status: 201, msg: zh('accounts.codeSendFailed'), data: null });
      }
    } finally {
      await down.close();
    }
  });
});

describe('housekeeping', () => {
  it('sweeps failures out of the window, long-expired codes and long-ended sessions, and keeps the rest', async () => {
    const member = await h.registerMember();
    const now = Date.now();
    const day = 86_400_000;
    await t.database.db
      .insertInto('auth_failures')
      .values([
        { scope: 'ip', key: 'sweep-old', created_at: now - 20 * 60_000 },
        { scope: 'ip', key: 'sweep-new', created_at: now - 60_000 },
      ])
      .execute();
    const code = (hash: string, expires_at: number) => ({
      channel: 'email',
      target: 'sweep@test.example.com',
      purpose: 'login',
      code_hash: hash,
      created_at: expires_at - CODE_TTL_MS,
      expires_at,
      used_at: null,
      attempts: 0,
    });
    await t.database.db
      .insertInto('verification_codes')
      .values([code('old', now - 2 * day), code('new', now + 60_000)])
      .execute();
    const session = (hash: string, expires_at: number, revoked_at: number | null) => ({
      user_id: member.id,
      token_hash: hash,
      created_at: now - 90 * day,
      last_seen_at: now - 60 * day,
      expires_at,
      revoked_at,
    });
    await t.database.db
      .insertInto('sessions')
      .values([
        session('sweep-expired', now - 31 * day, null),
        session('sweep-revoked', now + day, now - 31 * day),
        session('sweep-recently-revoked', now + day, now - day),
      ])
      .execute();
    await accountsRepository(t.database.db).sweep({
      failuresBefore: now - 15 * 60_000,
      codesBefore: now - day,
      sessionsBefore: now - 30 * day,
    });
    const keys = (
      await t.database.db.selectFrom('auth_failures').select('key').where('key', 'like', 'sweep-%').execute()
    ).map((r) => r.key);
    expect(keys).toEqual(['sweep-new']);
    const codes = await t.database.db
      .selectFrom('verification_codes')
      .select('code_hash')
      .where('target', '=', 'sweep@test.example.com')
      .execute();
    expect(codes.map((c) => c.code_hash)).toEqual(['new']);
    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', 'like', 'sweep-%')
      .execute();
    expect(sessions.map((r) => r.token_hash)).toEqual(['sweep-recently-revoked']);
    expect((await myInfo(member)).statusCode).toBe(200);
  });
});
