import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Search (issue 23, decision 039): one row per findable item (a post with its answers, an article,
// a topic, an event, an issue or article of the e-magazine, a member), holding its plain text for
// snippets and the tokens the application's tokeniser made (Chinese characters, bigrams and words,
// stemmed latin words, product names as written). Only what anyone may find is kept: a pending,
// hidden or deleted item has no row. Each database indexes the same tokens its own way:
// - SQLite: an FTS5 table over `title_tokens` and `body_tokens` (external content, kept in step by
//   triggers), tokenised on spaces only (the tokens are already made), ranked by bm25.
// - PostgreSQL: a `tsv` tsvector the application writes (title weight A, body D) with a GIN index,
//   ranked by ts_rank. The column exists only there (the schema-drift test knows).

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('search_documents')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    // 0: a member, found on both sites.
    .addColumn('site_id', 'integer', (c) => c.notNull())
    // 0 everyone, 1 partners (enterprise members) only.
    .addColumn('audience', 'integer', (c) => c.notNull().defaultTo(0))
    // Where the item lives when it is part of another (an e-magazine article's issue); 0 otherwise.
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('title_tokens', 'text', (c) => c.notNull())
    .addColumn('body_tokens', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('search_documents_item')
    .unique()
    .on('search_documents')
    .columns(['kind', 'item_id'])
    .execute();
  if (postgres) {
    await sql`alter table search_documents add column tsv tsvector not null default ''::tsvector`.execute(db);
    await sql`create index search_documents_tsv on search_documents using gin (tsv)`.execute(db);
    await db.schema
      .createIndex('search_documents_site_time')
      .on('search_documents')
      .columns(['site_id', 'published_at'])
      .execute();
    return;
  }
  await sql`create virtual table search_fts using fts5(
      title_tokens, body_tokens,
      content='search_documents', content_rowid='id',
      tokenize="unicode61 remove_diacritics 0 tokenchars '-+.#_'")`.execute(db);
  await sql`create trigger search_documents_ai after insert on search_documents begin
      insert into search_fts(rowid, title_tokens, body_tokens) values (new.id, new.title_tokens, new.body_tokens);
    end`.execute(db);
  await sql`create trigger search_documents_ad after delete on search_documents begin
      insert into search_fts(search_fts, rowid, title_tokens, body_tokens)
        values ('delete', old.id, old.title_tokens, old.body_tokens);
    end`.execute(db);
  await sql`create trigger search_documents_au after update on search_documents begin
      insert into search_fts(search_fts, rowid, title_tokens, body_tokens)
        values ('delete', old.id, old.title_tokens, old.body_tokens);
      insert into search_fts(rowid, title_tokens, body_tokens) values (new.id, new.title_tokens, new.body_tokens);
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await sql`drop table if exists search_fts`.execute(db);
  await db.schema.dropTable('search_documents').ifExists().execute();
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
