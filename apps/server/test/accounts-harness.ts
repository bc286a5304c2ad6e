import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import type { TestApp } from './test-app';

/** A member made through the real register call, with the session it got. */
export interface TestMember {
  id: number;
  email: string;
  password: string;
  token: string;
}

export type Site = 'protal' | 'protal_en';

export interface CallOptions {
  /** Sign the call in as this member (the accessToken cookie). */
  as?: TestMember | { token: string; id?: number };
  /** Client IP (the test app trusts X-Forwarded-For). */
  ip?: string;
  headers?: Record<string, string>;
}

const HEX_64 = /[0-9a-f]{64}/i;

/**
 * Calls the API like the browser and checks every answer for what must never leave the server: a
 * password hash, a token or code hash, any session token, another member's email or mobile (login
 * or contact). A sign-in answer may show the member it signs in their own.
 */
export function accountsHarness(t: TestApp) {
  /** Login and contact values, by the member they belong to. */
  const privateValues = new Map<string, number>();
  const tokens = new Set<string>();
  let ipCounter = 0;

  function remember(ownerId: number, ...values: string[]) {
    for (const v of values) if (v) privateValues.set(v.toLowerCase(), ownerId);
  }

  function checkAnswer(res: LightMyRequestResponse, viewerId: number | undefined) {
    const body = res.body;
    expect(body, 'a password hash').not.toMatch(/scrypt\$/);
    expect(body, 'a token or code hash').not.toMatch(HEX_64);
    for (const token of tokens) expect(body.includes(token), 'a session token in a body').toBe(false);
    let owner = viewerId;
    const cookie = sessionCookie(res);
    if (cookie?.value) {
      tokens.add(cookie.value);
      owner = (res.json() as { data?: { user_id?: number } }).data?.user_id ?? owner;
    }
    const lower = body.toLowerCase();
    for (const [value, ownerId] of privateValues) {
      if (ownerId !== owner) expect(lower.includes(value), `another member's ${value}`).toBe(false);
    }
  }

  async function call(site: Site, path: string, body: unknown = {}, opts: CallOptions = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.as) headers.cookie = `${CLIENT_STORAGE.accessTokenCookie}=${opts.as.token}`;
    if (opts.ip) headers['x-forwarded-for'] = opts.ip;
    const res = await t.call(`/api/${site}${path}`, body, { headers });
    checkAnswer(res, opts.as?.id);
    return res;
  }

  /** The code in the newest message caught for an address (the outbox mode of the test app). */
  async function latestCode(target: string): Promise<string | null> {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(target)}` });
    expect(res.statusCode).toBe(200);
    const list = (res.json() as { data: { list: Array<{ code: string | null }> } }).data.list;
    return list[0]?.code ?? null;
  }

  async function outbox(target: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(target)}` });
    return (
      res.json() as {
        data: { list: Array<{ channel: string; to: string; subject: string; text: string; code: string | null }> };
      }
    ).data.list;
  }

  /** Lets the next code go to this address at once (the per-minute limit is tested on its own). */
  async function forgetLastSend(target: string) {
    await t.database.db
      .updateTable('verification_codes')
      .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
      .where('target', '=', target.toLowerCase())
      .execute();
  }

  async function sendCode(
    channel: 'email' | 'sms',
    target: string,
    purpose: 'register' | 'login' | 'reset',
    site: Site = 'protal_en',
  ): Promise<string | null> {
    await forgetLastSend(target);
    const res = await call(site, '/api/user/sendCode', { channel, target, purpose }, { ip: freshIp() });
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    return latestCode(target);
  }

  function freshIp(): string {
    ipCounter += 1;
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  }

  /** Registers a member by email through sendCode + register; `password` defaults to a fixed good one. */
  async function registerMember(
    opts: { email?: string; nick?: string; password?: string; site?: Site } = {},
  ): Promise<TestMember> {
    const email = opts.email ?? `m${crypto.randomBytes(5).toString('hex')}@test.example.com`;
    const password = opts.password ?? 'correct horse battery';
    const code = await sendCode('email', email, 'register', opts.site);
    const res = await call(
      opts.site ?? 'protal_en',
      '/api/user/register',
      { channel: 'email', target: email, user_nick_name: opts.nick ?? 'Tester', password, code, agree: true },
      { ip: freshIp() },
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { data: { user_id: number } }).data.user_id;
    remember(id, email);
    return { id, email: email.toLowerCase(), password, token: sessionCookie(res)!.value };
  }

  const informed = new Set<number>();
  /** Completes the information page through the real call (is_edit 1), once per member. */
  async function completeInformation(member: TestMember, site: Site = 'protal_en') {
    if (informed.has(member.id)) return;
    const siteId = site === 'protal' ? 1 : 2;
    let industry = await t.database.db
      .selectFrom('dictionaries')
      .select('id')
      .where('site_id', '=', siteId)
      .where('kind', '=', 'industry')
      .executeTakeFirst();
    industry ??= await t.database.db
      .insertInto('dictionaries')
      .values({ site_id: siteId, kind: 'industry', label: 'Storage', value: 1, sort: 0, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call(
      site,
      '/api/user/saveInformation',
      {
        user_name: 'Test Member',
        user_company: 'Example Storage',
        user_job_title: 'Engineer',
        user_industry: industry.id,
        user_contact_mobile: '13800138000',
        user_contact_email: member.email,
      },
      { as: member },
    );
    expect(res.statusCode, res.body).toBe(200);
    informed.add(member.id);
  }

  /** A member registered on `site` whose information page is complete: one who may publish. */
  async function readyMember(nick: string, site: Site = 'protal_en'): Promise<TestMember> {
    const member = await registerMember({ nick, site });
    await completeInformation(member, site);
    return member;
  }

  return {
    /** The app under test, for helpers that set up data directly (roles.test-support.ts). */
    t,
    call,
    checkAnswer,
    completeInformation,
    latestCode,
    outbox,
    sendCode,
    forgetLastSend,
    readyMember,
    registerMember,
    remember,
    freshIp,
    tokens,
  };
}

export interface ParsedCookie {
  value: string;
  attributes: Record<string, string | true>;
}

/** The accessToken Set-Cookie of an answer, with its attributes (names in lower case). */
export function sessionCookie(res: LightMyRequestResponse): ParsedCookie | null {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const line = list.find((c) => c.startsWith(`${CLIENT_STORAGE.accessTokenCookie}=`));
  if (!line) return null;
  const [pair, ...attrs] = line.split(/;\s*/);
  const attributes: Record<string, string | true> = {};
  for (const a of attrs) {
    const [k, ...v] = a.split('=');
    attributes[k!.toLowerCase()] = v.length ? v.join('=') : true;
  }
  return { value: decodeURIComponent(pair!.slice(pair!.indexOf('=') + 1)), attributes };
}

/** A multipart body with one file part, as a browser's FormData would send it. */
export function multipartFile(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----portal${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
