import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { generatePassword, hashPassword } from '../../lib/password';
import { refreshSearch } from '../../platform/search/search-index';
import { memberSearchSource } from './accounts.search';

export interface AdminAccountResult {
  created: boolean;
  email: string;
  /** Only when the password was generated here: shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * Makes sure one admin exists. The first start creates it with ADMIN_PASSWORD, or in development
 * with a generated password that the caller prints once. Production never gets here without
 * ADMIN_PASSWORD (config refuses to start).
 */
export async function ensureAdminAccount(
  db: Kysely<DB>,
  opts: { email: string; password?: string; now: number },
): Promise<AdminAccountResult> {
  const existing = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  if (existing) return { created: false, email: opts.email };
  const password = opts.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        // Sign-in compares email addresses in lower case.
        email: opts.email.toLowerCase(),
        mobile: null,
        nick_name: 'Admin',
        avatar_url: '',
        password_hash: passwordHash,
        real_name: '',
        company: '',
        job_title: '',
        industry_id: null,
        is_edit: 1,
        user_expert: 10,
        points: 0,
        status: 1,
        created_at: opts.now,
        updated_at: opts.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refreshSearch(trx, memberSearchSource, [user.id]);
    await trx
      .insertInto('user_roles')
      .values({ user_id: user.id, role: 'admin', site_id: null, scope_id: null, created_at: opts.now })
      .execute();
  });
  return { created: true, email: opts.email, generatedPassword: opts.password ? undefined : password };
}
