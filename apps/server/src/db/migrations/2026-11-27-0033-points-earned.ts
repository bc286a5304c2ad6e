import { sql, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Issue 22, decision 041: levels and medals come from the points a member has earned and kept (awards
// minus take-backs), never from the spendable balance, so buying raffle chances never lowers a level.
// - users.points_earned: that figure, kept beside users.points (the balance) by the points module;
//   filled here from the ledger: every row but the spends ('raffle_chance', the only spend so far).
// - users_points_earned: member lists ordered by it (the experts' directory), as users_points was.
// - article_comments_reply_to: the personal centre's interactions find the replies naming a member
//   by it, instead of reading every comment of the site.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('points_earned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update users set points_earned = coalesce((
      select sum(l.amount) from points_ledger l where l.user_id = users.id and l.rule <> 'raffle_chance'
    ), 0)
  `.execute(db);
  await db.schema.createIndex('users_points_earned').on('users').columns(['points_earned', 'id']).execute();
  await db.schema
    .createIndex('article_comments_reply_to')
    .on('article_comments')
    .columns(['reply_to_user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('article_comments_reply_to').execute();
  await db.schema.dropIndex('users_points_earned').execute();
  await db.schema.alterTable('users').dropColumn('points_earned').execute();
}
