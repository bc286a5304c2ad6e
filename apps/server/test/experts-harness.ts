import type { Kysely } from 'kysely';
import { EXPERT_FLAG } from '@portal/contracts/constants';
import type { DB } from '../src/db/schema';

/**
 * A member written straight to the table for the expert and MVP lists' tests: a complete profile
 * with a title and company, an expert or not, with the points, followers and status given. `key`
 * names them (`{prefix} {key}`) and makes their email and mobile unique. Answers the id.
 */
export async function insertListedMember(
  db: Kysely<DB>,
  key: string,
  fields: { prefix: string; points?: number; fans?: number; status?: number; user_expert?: number },
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('users')
    .values({
      email: `${fields.prefix.toLowerCase()}-${key}@test.example.com`,
      mobile: `+86-77-${fields.prefix.toLowerCase()}-${key}`,
      nick_name: `${fields.prefix} ${key}`,
      avatar_url: '',
      password_hash: 'scrypt$secret-hash-value',
      real_name: `Real ${key}`,
      industry_id: null,
      company: `Company of ${key}`,
      job_title: `Title of ${key}`,
      is_edit: 1,
      user_expert: fields.user_expert ?? EXPERT_FLAG.normal,
      points: fields.points ?? 0,
      points_earned: fields.points ?? 0,
      fans_count: fields.fans ?? 0,
      status: fields.status ?? 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A role of a site (or of every site: `siteId` null) given straight in the table. */
export async function addRole(db: Kysely<DB>, userId: number, role: string, siteId: number | null) {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role, site_id: siteId, scope_id: null, created_at: Date.now() })
    .execute();
}
