import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { translate } from '../../lib/i18n';
import { accountsHarness, type Site, type TestMember } from '../../../test/accounts-harness';

// Issue 15, item 5: a nickname is normalised (NFKC, invisible and bidi characters removed) before
// the length rule, and names that pass for staff are refused, by registration and account editing
// alike, through the one rule of the contract.
let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  h = accountsHarness(t);
  member = await h.registerMember({ nick: 'Plain' });
});
afterAll(async () => t?.close());

const SITES = ['protal', 'protal_en'] as const;
const langOf = (site: Site) => (site === 'protal' ? 'zh' : 'en');
const refusal = (site: Site, key: string) => {
  const lang = langOf(site);
  return {
    status: 40001,
    msg: translate(lang, 'errors.validation', { field: 'user_nick_name', reason: translate(lang, key) }),
    data: { field: 'user_nick_name' },
  };
};

async function register(site: Site, nick: string) {
  const email = `n${Math.random().toString(36).slice(2, 10)}@test.example.com`;
  const code = await h.sendCode('email', email, 'register', site);
  return h.call(
    site,
    '/api/user/register',
    { channel: 'email', target: email, user_nick_name: nick, password: 'correct horse battery', code, agree: true },
    { ip: h.freshIp() },
  );
}

const updateAccount = (site: Site, nick: string) =>
  h.call(site, '/api/user/updateAccount', { user_nick_name: nick }, { as: member });

const refused: Array<[string, string, string]> = [
  ['a zero-width-padded single letter', '\u200B\u200CA\u200D\u2060\uFEFF', 'accounts.nicknameRule'],
  ['only invisible characters', '\u200B\u200C\u200D\u2060\uFEFF\u202E\u2066\u200E\u061C', 'accounts.nicknameRule'],
  ['fullwidth admin', 'ａｄｍｉｎ', 'accounts.nicknameReserved'],
  ['管理员', '管理员', 'accounts.nicknameReserved'],
  ['a bidi-wrapped 版主', '\u202E版主\u202C', 'accounts.nicknameReserved'],
  ['a spaced, zero-width Administrator', 'Admin\u200B istrator', 'accounts.nicknameReserved'],
  ['a built-in role name', 'Topic Host', 'accounts.nicknameReserved'],
];

describe('registration', () => {
  it.each(refused)('refuses %s in both languages', async (_what, nick, key) => {
    for (const site of SITES) {
      const res = await register(site, nick);
      expect(res.json(), res.body).toMatchObject(refusal(site, key));
    }
  });

  it('stores a zero-width-padded or bidi-override name without its invisible characters', async () => {
    const padded = await register('protal_en', '\u200B\u200BAda\u200D\uFEFF');
    expect(padded.json(), padded.body).toMatchObject({ status: 200, data: { user_nick_name: 'Ada' } });
    // U+202E shows "nimda" as "admin"; without it the name reads as what it is.
    const bidi = await register('protal', '\u202Enimda');
    expect(bidi.json(), bidi.body).toMatchObject({ status: 200, data: { user_nick_name: 'nimda' } });
    const id = (bidi.json() as { data: { user_id: number } }).data.user_id;
    const row = await t.database.db
      .selectFrom('users')
      .select('nick_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.nick_name).toBe('nimda');
  });
});

describe('account editing', () => {
  it.each(refused)('refuses %s in both languages', async (_what, nick, key) => {
    for (const site of SITES) {
      const res = await updateAccount(site, nick);
      expect(res.json(), res.body).toMatchObject(refusal(site, key));
    }
  });

  it('stores the normal form of a fullwidth, zero-width-padded name', async () => {
    const res = await updateAccount('protal_en', '\u200BＧｒａｃｅ\u3000Ｈｏｐｐｅｒ\u200F');
    expect(res.json(), res.body).toMatchObject({ status: 200, data: { user_nick_name: 'Grace Hopper' } });
  });
});
