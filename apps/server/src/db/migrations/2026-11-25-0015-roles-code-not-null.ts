import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// `roles.code` is the primary key. PostgreSQL makes a primary key not null; SQLite, by a documented
// legacy quirk, lets a non-integer primary key hold null unless the column says `not null`, which
// 0003 did not. SQLite cannot change a column, so the table is rebuilt (SQLite's own recipe: foreign
// keys off, copy, drop, rename, check, foreign keys on). Nothing changes on PostgreSQL.

async function rebuildRoles(db: Kysely<any>, code: 'not null' | 'null'): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql`create table roles_rebuilt (
        code varchar(32) ${sql.raw(code === 'not null' ? 'not null ' : '')}primary key,
        scope_kind varchar(8),
        builtin integer not null default 0,
        name_zh varchar(64) not null,
        name_en varchar(64) not null,
        created_at bigint not null,
        updated_at bigint not null
      )`.execute(trx);
      await sql`insert into roles_rebuilt (code, scope_kind, builtin, name_zh, name_en, created_at, updated_at)
        select code, scope_kind, builtin, name_zh, name_en, created_at, updated_at from roles
        where code is not null`.execute(trx);
      await sql`drop table roles`.execute(trx);
      await sql`alter table roles_rebuilt rename to roles`.execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`roles rebuild: ${broken.rows.length} broken foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildRoles(db, 'not null');
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuildRoles(db, 'null');
}
