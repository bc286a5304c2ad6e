import { describe, expect, it } from 'vitest';
import {
  changePassword,
  login,
  register,
  resetPassword,
  saveInformation,
  updateAccount,
} from '@portal/contracts/accounts';
import { catalogues } from '@portal/locales/catalogues';
import { z } from 'zod';
import { fieldIssues, i18nKey, isCatalogueKey, serverIssues } from './form-issues';
import { backOfficeCatalogues } from '@portal/locales/back-office';
import { addTexts } from '~/lib/i18n';

const validRegistration = {
  channel: 'email',
  target: 'ada@example.com',
  user_nick_name: 'Ada',
  password: 'correct horse',
  code: '123456',
  agree: true,
};

describe('zod issues as form fields', () => {
  it('maps each field of a registration to the catalogue key the contract names, in the form order', () => {
    const issues = fieldIssues(register.body, {
      channel: 'email',
      target: 'not-an-address',
      user_nick_name: 'A',
      password: 'short',
      code: '12a',
      agree: false,
    });
    expect(issues).toEqual([
      { field: 'target', key: 'accounts.emailInvalid' },
      { field: 'user_nick_name', key: 'accounts.nicknameRule' },
      { field: 'password', key: 'accounts.passwordRule' },
      { field: 'code', key: 'accounts.codeInvalid' },
      { field: 'agree', key: 'accounts.mustAgree' },
    ]);
    for (const issue of issues) expect(isCatalogueKey(issue.key)).toBe(true);
  });

  it('checks the target by the chosen channel: a mobile number for SMS', () => {
    expect(fieldIssues(register.body, { ...validRegistration, channel: 'sms', target: 'ada@example.com' })).toEqual([
      { field: 'target', key: 'accounts.mobileInvalid' },
    ]);
    expect(fieldIssues(register.body, { ...validRegistration, channel: 'sms', target: '13800138000' })).toEqual([]);
  });

  it('gives no issue for a valid body and keeps one message per field', () => {
    expect(fieldIssues(register.body, validRegistration)).toEqual([]);
    const tooLong = fieldIssues(register.body, { ...validRegistration, password: 'x'.repeat(65) });
    expect(tooLong).toEqual([{ field: 'password', key: 'accounts.passwordRule' }]);
  });

  it("uses the contract's message for an empty or missing field", () => {
    expect(fieldIssues(login.body, { account: '', password: '' })).toEqual([
      { field: 'account', key: 'accounts.accountRequired' },
      { field: 'password', key: 'accounts.passwordRequired' },
    ]);
    expect(fieldIssues(login.body, {})).toEqual([
      { field: 'account', key: 'accounts.accountRequired' },
      { field: 'password', key: 'accounts.passwordRequired' },
    ]);
    expect(fieldIssues(updateAccount.body, { user_nick_name: 42 })).toEqual([
      { field: 'user_nick_name', key: 'accounts.nicknameRule' },
    ]);
  });

  it('falls back to the reasons the server gives when a schema names no message', () => {
    const schema = z.strictObject({ size: z.number(), name: z.string().max(3) });
    expect(fieldIssues(schema, { name: 'abcd' })).toEqual([
      { field: 'size', key: 'validation.required' },
      { field: 'name', key: 'validation.too_big' },
    ]);
    expect(fieldIssues(schema, { size: 'x', name: 'a' })).toEqual([{ field: 'size', key: 'validation.invalid_type' }]);
  });

  it('asks for an industry when none is chosen', () => {
    const issues = fieldIssues(saveInformation.body, {
      user_name: '',
      user_company: 'Acme',
      user_job_title: 'Architect',
      user_industry: undefined,
      user_contact_mobile: '13800138000',
      user_contact_email: 'ada@example.com',
    });
    expect(issues).toEqual([
      { field: 'user_name', key: 'accounts.realNameRequired' },
      { field: 'user_industry', key: 'accounts.industryRequired' },
    ]);
  });

  it('puts a password confirmation that differs on the confirmation field, whatever else is wrong', () => {
    const body = {
      channel: 'sms',
      target: '13800138000',
      code: '123456',
      password: 'new password 1',
      password_confirm: 'other',
    };
    expect(fieldIssues(resetPassword.body, body)).toEqual([
      { field: 'password_confirm', key: 'accounts.passwordMismatch' },
    ]);
    expect(fieldIssues(resetPassword.body, { ...body, password_confirm: body.password })).toEqual([]);
    const change = { old_password: '', password: 'new password 1', password_confirm: 'new password 2' };
    expect(fieldIssues(changePassword.body, change)).toEqual([
      { field: 'old_password', key: 'accounts.passwordRequired' },
      { field: 'password_confirm', key: 'accounts.passwordMismatch' },
    ]);
  });

  it('names every key so that i18next finds it in both languages', () => {
    expect(i18nKey('accounts.passwordMismatch')).toBe('accounts:passwordMismatch');
    expect(catalogues.en.accounts.passwordMismatch).toBeTruthy();
    expect(isCatalogueKey('accounts.nope')).toBe(false);
    expect(isCatalogueKey('Invalid input')).toBe(false);
    expect(isCatalogueKey('validation.required')).toBe(true);
    // The back office's keys count once its texts are loaded (its chunk adds them).
    expect(isCatalogueKey('siteAdmin.banners.titleRule')).toBe(false);
    addTexts(backOfficeCatalogues);
    // Nested groups of a namespace, but never a group itself or an inherited property.
    expect(isCatalogueKey('siteAdmin.banners.titleRule')).toBe(true);
    expect(i18nKey('siteAdmin.banners.titleRule')).toBe('siteAdmin:banners.titleRule');
    expect(isCatalogueKey('siteAdmin.banners')).toBe(false);
    expect(isCatalogueKey('siteAdmin.banners.toString')).toBe(false);
    expect(isCatalogueKey('siteAdmin..titleRule')).toBe(false);
  });

  it("reads the per-field messages of a server's 40001 answer and ignores anything else", () => {
    const data = { field: 'password', issues: [{ field: 'password', message: '两次输入的密码不一致' }] };
    expect(serverIssues(data)).toEqual(data.issues);
    expect(serverIssues(null)).toEqual([]);
    expect(serverIssues({ field: 1 })).toEqual([]);
  });
});
