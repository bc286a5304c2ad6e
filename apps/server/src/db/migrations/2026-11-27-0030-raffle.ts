import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// The raffle (issue 22 item 5, decision 037): a site's campaigns (a window, the daily free chances,
// the points price of an extra chance, the weight of "no prize"), each campaign's prizes (stock left
// and weight), each member's chances in a campaign, and the draw log.
// - raffle_prizes.stock is what is left; a draw takes one by a conditional update (stock > 0) in the
//   draw's transaction, so concurrent draws never take more than there is.
// - raffle_members holds a member's chances in one campaign: the day (days since 1970-01-01 in the
//   member's zone) of their last free draw with how many that day, and the extra chances bought and
//   not used yet; each is spent by a conditional update, so racing draws cannot spend one twice.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('raffle_campaigns'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('daily_chances', 'integer', (c) => c.notNull().defaultTo(1))
    // Points per extra chance; 0: no extra chances are sold.
    .addColumn('chance_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('no_prize_weight', 'integer', (c) => c.notNull().defaultTo(0))
    // 0 hidden (a draft), 1 shown on the raffle page during its window.
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The raffle page asks for the site's campaign running now; the back office lists newest first.
  await db.schema
    .createIndex('raffle_campaigns_site')
    .on('raffle_campaigns')
    .columns(['site_id', 'starts_at', 'id'])
    .execute();

  await idColumn(db, db.schema.createTable('raffle_prizes'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('raffle_campaigns.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('image_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('stock', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('raffle_prizes_campaign').on('raffle_prizes').columns(['campaign_id', 'sort']).execute();

  await db.schema
    .createTable('raffle_members')
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('raffle_campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('day_draws', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extra_chances', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('raffle_members_pk', ['campaign_id', 'user_id'])
    .execute();

  await idColumn(db, db.schema.createTable('raffle_draws'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('raffle_campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // null: no prize.
    .addColumn('prize_id', 'integer', (c) => c.references('raffle_prizes.id').onDelete('set null'))
    .addColumn('prize_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    // 'daily' or 'extra': which chance the draw spent.
    .addColumn('chance', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The draw log and the winners of a campaign, newest first; a member's own draws.
  await db.schema.createIndex('raffle_draws_campaign').on('raffle_draws').columns(['campaign_id', 'id']).execute();
  await db.schema
    .createIndex('raffle_draws_winners')
    .on('raffle_draws')
    .columns(['campaign_id', 'prize_id', 'id'])
    .execute();
  await db.schema.createIndex('raffle_draws_user').on('raffle_draws').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('raffle_draws').ifExists().execute();
  await db.schema.dropTable('raffle_members').ifExists().execute();
  await db.schema.dropTable('raffle_prizes').ifExists().execute();
  await db.schema.dropTable('raffle_campaigns').ifExists().execute();
}
