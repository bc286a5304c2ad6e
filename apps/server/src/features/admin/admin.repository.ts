import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The back office's own reads (Kysely only, no rules); the dashboard's figures come from each domain. */
export function adminRepository(db: Kysely<DB>) {
  return {
    /** The staff member's name and avatar for the back office's header. */
    async memberCard(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'nick_name', 'avatar_url'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
  };
}
