import type { Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.

/** decisions.md "Points, levels, medals": rule, amount, awards allowed per 24 hours (null: no cap). */
const DEFAULT_RULES: ReadonlyArray<readonly [rule: string, amount: number, dailyCap: number | null]> = [
  ['daily_signin', 2, null],
  ['post_published', 5, null],
  ['topic_article_approved', 20, null],
  ['emagazine_approved', 50, null],
  ['comment', 1, 20],
  ['answer_accepted', 10, null],
  ['event_signup', 3, null],
  ['event_attended', 10, null],
  ['questionnaire_answered', 5, null],
];
const SITE_IDS = [1, 2];

export async function up(db: Kysely<any>): Promise<void> {
  // The points rules per site (issue 14): the points module reads a rule when it awards, so an edit
  // applies from then on and never rewrites the ledger; a disabled rule awards nothing.
  await db.schema
    .createTable('points_rules')
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('rule', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('daily_cap', 'integer')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('points_rules_pk', ['site_id', 'rule'])
    .execute();
  const now = Date.now();
  await db
    .insertInto('points_rules')
    .values(
      SITE_IDS.flatMap((site_id) =>
        DEFAULT_RULES.map(([rule, amount, daily_cap]) => ({
          site_id,
          rule,
          amount,
          daily_cap,
          enabled: 1,
          updated_at: now,
        })),
      ),
    )
    .execute();
  // What a member holds for one item (award once, take back) is looked up by the item.
  await db.schema
    .createIndex('points_ledger_source')
    .on('points_ledger')
    .columns(['source_kind', 'source_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('points_ledger_source').execute();
  await db.schema.dropTable('points_rules').ifExists().execute();
}
