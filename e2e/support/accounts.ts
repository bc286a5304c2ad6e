import type { APIRequest, APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import {
  changePassword,
  getMyInfo,
  login,
  logout,
  register,
  saveInformation,
  sendCode,
  userDetail,
  type CurrentUser,
  type ProfileCard,
} from '@portal/contracts/accounts';
import { callUrl, type CallContract } from '@portal/contracts/call';
import { dictList, type DictionaryEntry } from '@portal/contracts/dictionaries';
import { expect, type E2eSite } from './fixtures';

/**
 * Accounts through the portal's own API, for the journeys' set-up and for checks from "outside"
 * the browser: members made with the real register call and a code read from the dev outbox
 * (MAIL_OUTBOX=true), sign-ins, session checks. The paths come from the shared contracts; what the
 * journeys assert (texts, URLs, cookies) is written out in the specs.
 */

export type Channel = 'email' | 'sms';

/** The envelope of spec 7 with the HTTP status it came with. */
export interface Answer<T = unknown> {
  http: number;
  status: number | string;
  msg: string;
  data: T;
}

/** `protal` or `protal_en` (spec 3 site data), the API prefix of a site. */
export const siteCode = (site: E2eSite) => (site.lang === 'zh' ? 'protal' : 'protal_en');

/** The session cookie's name (spec 3: cookie accessToken). */
export const SESSION_COOKIE = 'accessToken';

/** Calls the API the way the page does: JSON, `isapi: 1`, cookies of `api` (or the given header). */
export async function callApi<T = unknown>(
  api: APIRequestContext,
  site: E2eSite,
  call: CallContract,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await api.post(callUrl(call, siteCode(site)), {
    data: body,
    // A global call (`/api/activity/...`) names its site by the siteData header when no cookie does.
    headers: {
      isapi: '1',
      accept: 'application/json',
      ...(call.scope === 'global' ? { sitedata: site.siteData } : {}),
      ...headers,
    },
  });
  const envelope = (await response.json()) as { status: number | string; msg: string; data: T };
  return { http: response.status(), ...envelope };
}

/** One caught mail or SMS of GET /api/dev/outbox. */
export interface OutboxEntry {
  channel: Channel;
  to: string;
  subject: string;
  text: string;
  code: string | null;
  create_time: string;
}

/** The newest messages caught for an address or number, newest first. */
export async function outbox(api: APIRequestContext, target: string): Promise<OutboxEntry[]> {
  const response = await api.get(`/api/dev/outbox?to=${encodeURIComponent(target)}&limit=50`);
  expect(response.status(), 'the dev outbox answers (is MAIL_OUTBOX=true?)').toBe(200);
  return ((await response.json()) as { data: { list: OutboxEntry[] } }).data.list;
}

/**
 * Watches the outbox of one target from now on: `nextMessage()` waits for the first message that
 * arrives after the watch began (so an older code is never read by mistake).
 */
export async function watchOutbox(api: APIRequestContext, target: string) {
  const before = (await outbox(api, target)).length;
  return {
    async nextMessage(): Promise<OutboxEntry> {
      let list: OutboxEntry[] = [];
      await expect
        .poll(async () => (list = await outbox(api, target)).length, {
          message: `a new message to ${target} in the outbox`,
          timeout: 10_000,
        })
        .toBeGreaterThan(before);
      return list[list.length - before - 1]!;
    },
    async nextCode(): Promise<string> {
      const message = await this.nextMessage();
      expect(message.code, `a 6-digit code in "${message.text}"`).toMatch(/^\d{6}$/);
      return message.code!;
    },
  };
}

let serial = 0;
const runTag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const mobileBase = Date.now() % 1_000_000;

/** An email address no other test of this run (or an earlier run) uses. */
export function uniqueEmail(tag: string): string {
  serial += 1;
  return `e2e.${tag}.${runTag}.${serial}@example.com`;
}

/** A mainland mobile number (1[3-9] and 9 digits) no other test of this run uses. */
export function uniqueMobile(): string {
  serial += 1;
  return `139${String(mobileBase * 100 + (serial % 100)).padStart(8, '0')}`;
}

export const uniqueTarget = (channel: Channel, tag: string) =>
  channel === 'email' ? uniqueEmail(tag) : uniqueMobile();

/** A nickname of 2 to 20 characters, unique in this run. */
export function uniqueNickname(site: E2eSite, tag: string): string {
  serial += 1;
  return `${site.lang === 'zh' ? '测试' : 'e2e'}-${tag}-${serial}`.slice(0, 20);
}

/** A member made by the test: their login (email or mobile), password and id. */
export interface TestMember {
  site: E2eSite;
  channel: Channel;
  /** The email address or mobile number they registered (and sign in) with. */
  target: string;
  password: string;
  nickname: string;
  userId: number;
  /** When the next one-time code may be sent to `target` (one send per address per minute). */
  codeSlotFreeAt: number;
}

const CODE_RESEND_MS = 60_000;

/**
 * Registers a member through the API with a code from the outbox. The session it gets lands in
 * `api`'s cookie jar: with `context.request` the browser context is signed in too. `complete`
 * also fills in the information page's fields (is_edit becomes 1), as most journeys need.
 */
export async function registerMember(
  api: APIRequestContext,
  site: E2eSite,
  opts: { channel?: Channel; tag?: string; complete?: boolean } = {},
): Promise<TestMember> {
  const channel = opts.channel ?? 'email';
  const tag = opts.tag ?? 'member';
  const target = uniqueTarget(channel, tag);
  const password = `E2e pass ${serial} ok`;
  const nickname = uniqueNickname(site, tag);
  const mail = await watchOutbox(api, target);
  const sent = await callApi(api, site, sendCode, { channel, target, purpose: 'register' });
  expect(sent.status, `sendCode: ${sent.msg}`).toBe(200);
  const codeSlotFreeAt = Date.now() + CODE_RESEND_MS + 1_000;
  const code = await mail.nextCode();
  const made = await callApi<CurrentUser>(api, site, register, {
    channel,
    target,
    user_nick_name: nickname,
    password,
    code,
    agree: true,
  });
  expect(made.status, `register: ${made.msg}`).toBe(200);
  const member: TestMember = { site, channel, target, password, nickname, userId: made.data.user_id, codeSlotFreeAt };
  if (opts.complete ?? true) await completeInformation(api, member);
  return member;
}

/** The site's industries (label and id), as the information page offers them. */
export async function industriesOf(api: APIRequestContext, site: E2eSite): Promise<DictionaryEntry[]> {
  const answer = await callApi<{ list: DictionaryEntry[] }>(api, site, dictList, { kind: 'industry' });
  expect(answer.status, `dict/list: ${answer.msg}`).toBe(200);
  return answer.data.list;
}

/** Fills in the member's information through the API (is_edit becomes 1). */
export async function completeInformation(api: APIRequestContext, member: TestMember): Promise<void> {
  const [industry] = await industriesOf(api, member.site);
  expect(industry, `an industry on the ${member.site.name} site`).toBeDefined();
  const saved = await callApi<CurrentUser>(api, member.site, saveInformation, {
    user_name: member.site.lang === 'zh' ? '测试用户' : 'Test Member',
    user_company: 'E2E Storage Ltd',
    user_job_title: 'Storage engineer',
    user_industry: industry!.value,
    user_contact_mobile: '13900000000',
    user_contact_email: `contact.${member.userId}@example.com`,
  });
  expect(saved.status, `saveInformation: ${saved.msg}`).toBe(200);
  expect(saved.data.is_edit).toBe(1);
}

/** Signs `api` in with the member's password (the browser too, for `context.request`). */
export async function signInByApi(api: APIRequestContext, member: TestMember, password = member.password) {
  const answer = await callApi<CurrentUser>(api, member.site, login, { account: member.target, password });
  expect(answer.status, `login: ${answer.msg}`).toBe(200);
  return answer.data;
}

/** Signs the browser context in as the member (the HttpOnly cookie lands in its jar). */
export const signInBrowser = (context: BrowserContext, member: TestMember) => signInByApi(context.request, member);

/** The current member as the server sees the session of `api`, or the answer's status when none. */
export async function whoAmI(api: APIRequestContext, site: E2eSite, headers: Record<string, string> = {}) {
  return callApi<CurrentUser>(api, site, getMyInfo, {}, headers);
}

export const profileCardOf = (api: APIRequestContext, site: E2eSite, id: number) =>
  callApi<ProfileCard>(api, site, userDetail, { id });

export const changePasswordByApi = (api: APIRequestContext, site: E2eSite, oldPassword: string, password: string) =>
  callApi(api, site, changePassword, { old_password: oldPassword, password, password_confirm: password });

export const logoutByApi = (api: APIRequestContext, site: E2eSite, headers: Record<string, string> = {}) =>
  callApi(api, site, logout, {}, headers);

/** Waits until one more code may be sent to the member's address (one send per minute). */
export async function waitForCodeSlot(member: TestMember): Promise<void> {
  const wait = member.codeSlotFreeAt - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * An API context of its own (own cookie jar): "another device" of a member, or a caller without a
 * session. Dispose it at the end of the test.
 */
export async function apiContext(playwright: { request: APIRequest }, baseURL: string | undefined) {
  return playwright.request.newContext({ baseURL });
}

/** The session cookie of a browser context, if any. */
export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
}

/** A catalogue text with `{{placeholders}}` as a regular expression (each placeholder: `\S+`). */
export function templatePattern(template: string): RegExp {
  const parts = template.split(/\{\{\s*\w+\s*\}\}/);
  return new RegExp(parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\S+'));
}

/** A catalogue text with its `{{placeholders}}` filled in. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(values[key]));
}

/** The toasts of the page (antd messages), for `toContainText`/`filter`. */
export const toasts = (page: Page): Locator => page.locator('.ant-message-notice');

/**
 * The error message(s) shown under the form field that holds `control`: an antd form item, or a field
 * of the public pages' own forms (components/form).
 */
export function fieldErrors(page: Page, control: Locator): Locator {
  return page
    .locator('.ant-form-item, .portal-field')
    .filter({ has: control })
    .locator('.ant-form-item-explain-error, .portal-field__error');
}
