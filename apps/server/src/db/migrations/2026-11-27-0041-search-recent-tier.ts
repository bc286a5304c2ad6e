import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// The recent tier of SQLite's full-text index (decision 047). FTS5's bm25 counts every document
// holding each phrase of a key before it scores anything: 8 to 30 ms per search over a million
// posts for a common key (存储 in 150,000 of them), whatever few candidates it then ranks. A second
// FTS5 table, `search_fts_recent`, holds the same columns for the newest documents only: those from
// `search_fts_recent_from.from_id` on (the search engine keeps about `keep`, 50,000, there,
// evicting the oldest as new ones come). A search whose candidates all lie in the tier is ranked there, where
// the count is short; its IDF is the recent documents'.
// - The tier reads its rows from a view of the documents from `from_id` on (its external content),
//   so `rebuild` fills it with exactly those.
// - Triggers keep it in step with the documents beside the main table's (0035): a row from
//   `from_id` on is added, deleted and updated in the tier too. Ids only grow (autoincrement).
// - `search_documents_facts` (id, kind, published_at, site_id, audience) lets a walk over the matches
//   read what it filters and ranks by without reading the rows, whose text runs over several pages.
// - The names start with `search_fts`, which the schema-drift test leaves to each database.
// PostgreSQL ranks with ts_rank, which counts nothing: nothing changes there.

const FACETS = `'_k' || kind || ' _s' || site_id || ' _a' || audience`;
const TRIGGERS = ['search_documents_recent_ai', 'search_documents_recent_ad', 'search_documents_recent_au'];

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  // One row: where the tier starts, and how many of the newest documents it keeps.
  await sql`create table search_fts_recent_from (from_id integer not null, keep integer not null)`.execute(db);
  await sql`insert into search_fts_recent_from (from_id, keep)
      select coalesce(max(id), 0) - 50000 + 1, 50000 from search_documents`.execute(db);
  await sql`create view search_fts_recent_content as
      select id, title_tokens, body_tokens, facets from search_fts_content
       where id >= (select from_id from search_fts_recent_from)`.execute(db);
  await sql`create virtual table search_fts_recent using fts5(
      title_tokens, body_tokens, facets,
      content='search_fts_recent_content', content_rowid='id',
      tokenize="unicode61 remove_diacritics 0 tokenchars '-+.#_'")`.execute(db);
  const facetsOf = (row: 'new' | 'old') => sql.raw(FACETS.replace(/(kind|site_id|audience)/g, `${row}.$1`));
  const inTier = (row: 'new' | 'old') => sql.raw(`${row}.id >= (select from_id from search_fts_recent_from)`);
  const add = sql`insert into search_fts_recent(rowid, title_tokens, body_tokens, facets)
        select new.id, new.title_tokens, new.body_tokens, ${facetsOf('new')} where ${inTier('new')};`;
  const remove = sql`insert into search_fts_recent(search_fts_recent, rowid, title_tokens, body_tokens, facets)
        select 'delete', old.id, old.title_tokens, old.body_tokens, ${facetsOf('old')} where ${inTier('old')};`;
  await sql`create trigger search_documents_recent_ai after insert on search_documents begin ${add} end`.execute(db);
  await sql`create trigger search_documents_recent_ad after delete on search_documents begin ${remove} end`.execute(db);
  await sql`create trigger search_documents_recent_au after update on search_documents begin
      ${remove} ${add}
    end`.execute(db);
  await sql`insert into search_fts_recent(search_fts_recent) values ('rebuild')`.execute(db);
  await sql`create index search_documents_facts on search_documents (id, kind, published_at, site_id, audience)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop index if exists search_documents_facts`.execute(db);
  for (const trigger of TRIGGERS) await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  await sql`drop table if exists search_fts_recent`.execute(db);
  await sql`drop view if exists search_fts_recent_content`.execute(db);
  await sql`drop table if exists search_fts_recent_from`.execute(db);
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
