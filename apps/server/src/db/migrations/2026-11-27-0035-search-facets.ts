import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Search facets in SQLite's full-text index (decision 043): the FTS5 table gets a third column,
// `facets`, holding a document's kind, site and audience as tokens (`_kpost _s1 _a0`; the tokeniser
// never makes a token that starts with `_`), so that "these words, in posts, on site 1, for everyone"
// is one intersection inside the index instead of a look-up of every match's row. A query for a
// common character (存 in hundreds of thousands of documents) then counts and pages a kind without
// reading the rows it does not show. The column is computed from the documents' own columns by a
// view (the FTS table's external content) and by the triggers, so the documents table is unchanged.
// PostgreSQL keeps its tsvector and btree indexes: nothing changes there.

const FACETS = `'_k' || kind || ' _s' || site_id || ' _a' || audience`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['search_documents_ai', 'search_documents_ad', 'search_documents_au']) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table if exists search_fts`.execute(db);
  await sql`create view search_fts_content as
      select id, title_tokens, body_tokens, ${sql.raw(FACETS)} as facets from search_documents`.execute(db);
  await sql`create virtual table search_fts using fts5(
      title_tokens, body_tokens, facets,
      content='search_fts_content', content_rowid='id',
      tokenize="unicode61 remove_diacritics 0 tokenchars '-+.#_'")`.execute(db);
  const facetsOf = (row: 'new' | 'old') => sql.raw(FACETS.replace(/(kind|site_id|audience)/g, `${row}.$1`));
  await sql`create trigger search_documents_ai after insert on search_documents begin
      insert into search_fts(rowid, title_tokens, body_tokens, facets)
        values (new.id, new.title_tokens, new.body_tokens, ${facetsOf('new')});
    end`.execute(db);
  await sql`create trigger search_documents_ad after delete on search_documents begin
      insert into search_fts(search_fts, rowid, title_tokens, body_tokens, facets)
        values ('delete', old.id, old.title_tokens, old.body_tokens, ${facetsOf('old')});
    end`.execute(db);
  await sql`create trigger search_documents_au after update on search_documents begin
      insert into search_fts(search_fts, rowid, title_tokens, body_tokens, facets)
        values ('delete', old.id, old.title_tokens, old.body_tokens, ${facetsOf('old')});
      insert into search_fts(rowid, title_tokens, body_tokens, facets)
        values (new.id, new.title_tokens, new.body_tokens, ${facetsOf('new')});
    end`.execute(db);
  await sql`insert into search_fts(search_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['search_documents_ai', 'search_documents_ad', 'search_documents_au']) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table if exists search_fts`.execute(db);
  await sql`drop view if exists search_fts_content`.execute(db);
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
  await sql`insert into search_fts(search_fts) values ('rebuild')`.execute(db);
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
