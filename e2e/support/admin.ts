import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { loginByCode, sendCode } from '@portal/contracts/accounts';
import type { CallContract } from '@portal/contracts/call';
import { adminPassword, dataDir } from '../../playwright.config';
import { apiContext, callApi, SESSION_COOKIE, watchOutbox, whoAmI } from './accounts';
import { expect, presetLanguage, test, ZH, type E2eSite } from './fixtures';

/**
 * The seeded admin in the back-office journeys. The admin signs in with one-time codes, never the
 * password: accounts.spec.ts spends this IP's password failures, after which password sign-ins
 * from 127.0.0.1 are refused for 15 minutes.
 */

/** The admin that `npm start` creates (playwright.config.ts: ADMIN_EMAIL default, ADMIN_PASSWORD). */
export const ADMIN_EMAIL = 'admin@storage-community.local';
export const ADMIN_PASSWORD = adminPassword;

/**
 * A fresh login code for the admin from the outbox. One code per address per minute: a send refused
 * as too soon (by this file or another spec of the run) is retried once the server says it may be.
 */
export async function adminCode(api: APIRequestContext, site: E2eSite): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const mailbox = await watchOutbox(api, ADMIN_EMAIL);
    const sent = await callApi<{ retry_after_seconds?: number }>(api, site, sendCode, {
      channel: 'email',
      target: ADMIN_EMAIL,
      purpose: 'login',
    });
    if (sent.status !== 200 && sent.data?.retry_after_seconds && attempt < 3) {
      await new Promise((resolve) => setTimeout(resolve, (sent.data.retry_after_seconds! + 1) * 1000));
      continue;
    }
    expect(sent.status, `sendCode to the admin: ${sent.msg}`).toBe(200);
    return mailbox.nextCode();
  }
}

/** The admin of a spec file, signed in once for the whole file (see `useAdmin`). */
export interface AdminSession {
  /** The admin's own API context (cookie jar with the admin's session). */
  readonly api: APIRequestContext;
  /** Makes a call as the admin, expects status 200 and returns the answer's data. */
  call<T = unknown>(site: E2eSite, call: CallContract, body?: unknown): Promise<T>;
  /**
   * Makes the browser context the admin's, in the site's language: other cookies (a member's
   * session) are dropped, then `siteData` and the admin's HttpOnly session cookie are set.
   */
  enter(context: BrowserContext, baseURL: string, site: E2eSite): Promise<void>;
}

/**
 * The admin's session of this run, kept in the server's data folder, which every run starts by
 * wiping: the spec files share one sign-in instead of each waiting up to a minute for a new code.
 */
const KEPT_SESSION = path.join(dataDir, 'e2e-admin-session.json');

/**
 * Signs the admin in before the file's tests (by one-time code, or with the session an earlier
 * file of this run signed in, while the server still knows it) and disposes of the context after
 * them. Call it once at the top level of a spec file; the handle is usable inside the tests.
 */
export function useAdmin(): AdminSession {
  let api: APIRequestContext | undefined;

  test.beforeAll(async ({ playwright }, testInfo) => {
    // Room for one wait of up to a minute for the admin's next code.
    test.setTimeout(150_000);
    const baseURL = testInfo.project.use.baseURL;
    if (fs.existsSync(KEPT_SESSION)) {
      const kept = await playwright.request.newContext({ baseURL, storageState: KEPT_SESSION });
      if ((await whoAmI(kept, ZH)).status === 200) {
        api = kept;
        return;
      }
      await kept.dispose();
    }
    api = await apiContext(playwright, baseURL);
    const code = await adminCode(api, ZH);
    const signedIn = await callApi(api, ZH, loginByCode, { channel: 'email', target: ADMIN_EMAIL, code });
    expect(signedIn.status, `admin loginByCode: ${signedIn.msg}`).toBe(200);
    await api.storageState({ path: KEPT_SESSION });
  });

  test.afterAll(async () => {
    await api?.dispose();
  });

  return {
    get api() {
      if (!api) throw new Error('the admin is signed in by useAdmin() in beforeAll: use it inside a test');
      return api;
    },
    async call<T>(site: E2eSite, call: CallContract, body: unknown = {}) {
      const answer = await callApi<T>(this.api, site, call, body);
      expect(answer.status, `${call.id}: ${answer.msg}`).toBe(200);
      return answer.data;
    },
    async enter(context, baseURL, site) {
      await context.clearCookies();
      await presetLanguage(context, baseURL, site);
      const { cookies } = await this.api.storageState();
      await context.addCookies(cookies.filter((c) => c.name === SESSION_COOKIE));
    },
  };
}
