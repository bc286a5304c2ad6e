import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// PostgreSQL's search at a million items (decision 046). The newest-first walk of the matches read
// each document's whole row (plain text, tokens, and the tsvector, detoasted: about 9 µs a row) and
// passed every site's rows. The tsvector moves to a narrow table, `search_terms`, one row per
// document with what the walk, the counts and ts_rank need:
// - its site, audience and id as the primary key, so a site's newest matches for everyone are a
//   backward walk of that site's rows only (a member's row, site 0, is a second, short walk);
// - its kind and publishing time, and the positional tsvector (title A, body D) as it was;
// - `facets`, the kind, site and audience as tokens (`_kpost _s1 _a0`, as SQLite's `facets` column
//   of migration 0035; the tokeniser never makes a token starting with `_`), which the GIN index
//   holds beside the terms so that "this key, in events, on site 1, for everyone" is one
//   intersection inside the index when the walk would be long (a rare kind, a rare key).
// A document's id is found by a hash index (its row is replaced on writes and goes with the
// document: on delete cascade); a btree on the id alone would offer the planner the walk of every
// site's rows again. SQLite: nothing changes (its FTS5 table holds the facets since 0035).

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table search_terms (
      site_id integer not null,
      audience integer not null,
      id integer not null references search_documents (id) on delete cascade,
      kind text not null,
      published_at bigint not null,
      tsv tsvector not null,
      facets tsvector not null,
      primary key (site_id, audience, id)
    )`.execute(db);
  await sql`insert into search_terms (site_id, audience, id, kind, published_at, tsv, facets)
      select site_id, audience, id, kind, published_at, tsv,
             array_to_tsvector(array['_k' || kind, '_s' || site_id, '_a' || audience])
        from search_documents`.execute(db);
  await sql`create index search_terms_id on search_terms using hash (id)`.execute(db);
  await sql`create index search_terms_match on search_terms using gin (tsv, facets)`.execute(db);
  await sql`drop index if exists search_documents_tsv`.execute(db);
  await sql`alter table search_documents drop column tsv`.execute(db);
  await sql`analyze search_terms`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table search_documents add column tsv tsvector not null default ''::tsvector`.execute(db);
  await sql`update search_documents d set tsv = t.tsv from search_terms t where t.id = d.id`.execute(db);
  await sql`create index search_documents_tsv on search_documents using gin (tsv)`.execute(db);
  await sql`drop table search_terms`.execute(db);
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
