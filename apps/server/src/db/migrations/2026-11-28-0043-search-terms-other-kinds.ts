import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// PostgreSQL's counts per kind at a million items (decision 050). A search's tabs count the kinds
// that are rare among a key's newest matches (every kind but posts, as a site's content goes) by
// asking the GIN index of `search_terms` (migration 0042) for "this key, in these kinds": for a
// common key (存, in four posts of ten) that intersection reads a long stretch of the key's posting
// tree to find a few dozen events and topics, about 2 ms a search. A second GIN index over the
// terms of every document that is not a post holds only those few, whatever the key.
// SQLite: nothing changes.

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index search_terms_not_posts on search_terms using gin (tsv) where kind <> 'post'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index if exists search_terms_not_posts`.execute(db);
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
