import { describe, expect, it } from 'vitest';
import { en } from '@portal/locales/en';
import { zh } from '@portal/locales/zh';
import { register, updateAccount } from './accounts';
import { isReservedNickname, normalizeNickname, RESERVED_NICKNAMES } from './nickname';
import { BUILTIN_ROLES } from './permissions';

describe('normalizeNickname', () => {
  it.each([
    ['\u200BAda\u200C\u200D', 'Ada'],
    ['A\u2060d\uFEFFa', 'Ada'],
    ['\u202EAda\u202C', 'Ada'],
    ['\u2066A\u2067d\u2068a\u2069', 'Ada'],
    ['\u200EAda\u200F\u061C', 'Ada'],
    ['A\u00ADda', 'Ada'],
    ['Ada\u0007\u001B', 'Ada'],
    ['ａｄｍｉｎ', 'admin'],
    ['Ａｄａ\u3000Ｌｏｖｅｌａｃｅ', 'Ada Lovelace'],
    ['  Ada \t\n Lovelace  ', 'Ada Lovelace'],
    ['\u3164\u115F\u2800Ada', 'Ada'],
    ['ﬁle', 'file'],
    ['老周聊存储', '老周聊存储'],
  ])('%j becomes %j', (raw, normal) => {
    expect(normalizeNickname(raw)).toBe(normal);
  });

  it('leaves nothing of a name made only of invisible characters', () => {
    expect(normalizeNickname('\u200B\u200C\u200D\u2060\uFEFF\u202E\u2066\u200E')).toBe('');
  });

  it('is idempotent', () => {
    for (const raw of ['\u202Eｂｏｂ\u200B', ' a  b ', 'ﬀ', '㍿']) {
      expect(normalizeNickname(normalizeNickname(raw))).toBe(normalizeNickname(raw));
    }
  });
});

describe('isReservedNickname', () => {
  it.each(['admin', 'Admin', 'ADMIN', 'ａｄｍｉｎ', 'ad\u200Bmin', 'a d m i n', 'Administrator', 'root', 'System'])(
    'reserves %j',
    (name) => expect(isReservedNickname(name)).toBe(true),
  );
  it.each([
    '管理员',
    '管 理 员',
    '系统',
    '官方',
    '版主',
    '\u202E版主',
    'Staff',
    'moderator',
    'Topic host',
    'topic_host',
  ])('reserves %j', (name) => expect(isReservedNickname(name)).toBe(true));
  it.each(['Ada', 'administration', 'admin2', '管理员小王', '老周聊存储'])('lets %j through', (name) => {
    expect(isReservedNickname(name)).toBe(false);
  });

  it('reserves every built-in role by code and by name in both languages', () => {
    for (const role of BUILTIN_ROLES) expect(isReservedNickname(role.code), role.code).toBe(true);
    for (const name of [...Object.values(zh.badges), ...Object.values(en.badges)]) {
      expect(isReservedNickname(name), name).toBe(true);
    }
    expect(RESERVED_NICKNAMES).toEqual(expect.arrayContaining(['会员', 'member']));
  });
});

describe('the nickname of the register and account calls', () => {
  const registerBody = (user_nick_name: string) => ({
    channel: 'email',
    target: 'ada@example.com',
    user_nick_name,
    password: 'correct horse battery',
    code: '123456',
    agree: true,
  });
  const issue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    result.success ? null : result.error!.issues[0]!.message;

  it('stores the normal form', () => {
    const parsed = register.body.parse(registerBody('\u200B Ｌｏｖｅｌａｃｅ \u202E'));
    expect(parsed).toMatchObject({ user_nick_name: 'Lovelace' });
    expect(updateAccount.body.parse({ user_nick_name: ' Ａｄａ ' })).toEqual({ user_nick_name: 'Ada' });
  });

  it.each([
    ['\u200B\u200BA\u200B\u200B', 'accounts.nicknameRule'],
    ['\u200B\u200C\u200D\u2060\uFEFF', 'accounts.nicknameRule'],
    ['ａｄｍｉｎ', 'accounts.nicknameReserved'],
    ['\u202E管理员', 'accounts.nicknameReserved'],
    ['x'.repeat(500), 'accounts.nicknameRule'],
  ])('refuses %j with %s in both calls', (name, key) => {
    expect(issue(register.body.safeParse(registerBody(name)))).toBe(key);
    expect(issue(updateAccount.body.safeParse({ user_nick_name: name }))).toBe(key);
  });
});
