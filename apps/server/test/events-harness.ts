import crypto from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import type { ActivitiesTable, DB } from '../src/db/schema';
import { hashToken } from '../src/features/accounts/sessions.service';
import type { TestMember } from './accounts-harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The form fields the tests' events ask for: every kind, required or not. */
export const TEST_FORM_FIELDS = [
  { key: 'name', type: 'text', label: 'Full name', required: true, options: [] },
  { key: 'company', type: 'company', label: 'Company', required: true, options: [] },
  { key: 'phone', type: 'phone', label: 'Phone', required: true, options: [] },
  { key: 'role', type: 'choice', label: 'Role', required: false, options: ['Architect', 'Developer'] },
];

export const GOOD_FORM = {
  name: 'Ada Lovelace',
  company: 'Example Storage',
  phone: '+86 138-0013-8000',
  role: 'Architect',
};

/**
 * An event written directly (the back office that creates events is a later part of issue 18):
 * registering by default, starting in two days, 50 seats, the test form, no waitlist.
 */
export async function makeEvent(db: Kysely<DB>, overrides: Partial<Insertable<ActivitiesTable>> = {}): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('activities')
    .values({
      site_id: 2,
      title: `Event ${crypto.randomBytes(3).toString('hex')}`,
      summary: 'A test event',
      body_html: '<p>Talks and a panel.</p>',
      area: 'Western Europe',
      province: 'Europe',
      is_online: 0,
      address: '1 Example Street',
      starts_at: now + 2 * DAY,
      ends_at: now + 2 * DAY + 4 * HOUR,
      signup_starts_at: now - DAY,
      signup_ends_at: now + DAY,
      capacity: 50,
      form_fields: JSON.stringify(TEST_FORM_FIELDS),
      created_at: now - 2 * DAY,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Many members with completed information and a live session each, written directly: the load tests
 * need hundreds, and registering each through the calls (a password hash apiece) would take minutes.
 * Sessions are stored as the SHA-256 of their token, as sign-in stores them.
 */
export async function bulkMembers(db: Kysely<DB>, n: number): Promise<TestMember[]> {
  const now = Date.now();
  const members: TestMember[] = [];
  for (let i = 0; i < n; i++) {
    const tag = crypto.randomBytes(5).toString('hex');
    const email = `bulk-${tag}@test.example.com`;
    const user = await db
      .insertInto('users')
      .values({ email, nick_name: `Bulk ${tag}`, password_hash: null, is_edit: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = crypto.randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({
        user_id: Number(user.id),
        token_hash: hashToken(token),
        created_at: now,
        last_seen_at: now,
        expires_at: now + 30 * DAY,
        revoked_at: null,
      })
      .execute();
    members.push({ id: Number(user.id), email, password: '', token });
  }
  return members;
}

/** The headers of a global call (`/api/activity/...`): the site by the siteData cookie, the member's session. */
export function eventHeaders(siteId: 1 | 2, as?: { token: string }, ip?: string): Record<string, string> {
  const cookies = [`${CLIENT_STORAGE.siteDataCookie}=${siteId}`];
  if (as) cookies.push(`${CLIENT_STORAGE.accessTokenCookie}=${as.token}`);
  return { cookie: cookies.join('; '), ...(ip ? { 'x-forwarded-for': ip } : {}) };
}
