import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import type { Config } from '../config';
import { prepareMarked } from './prepared';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';

/** The one database handle the server passes around: Kysely for queries, plus what it is. */
export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Kysely over a pool of its own of PostgreSQL connections: `max` of them, shown to the database as
 * `name` (`application_name`). The driver is loaded only in the scale-out mode.
 */
export async function postgresKysely(url: string, { max, name }: { max: number; name: string }): Promise<Kysely<DB>> {
  const { default: pg } = await import('pg');
  // PostgreSQL answers bigint (times in ms, counts) as strings by default; every value we keep in
  // bigint fits a JavaScript number.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max, application_name: name });
  // An idle connection that the server drops (restart, failover, a dropped test database) must not
  // take the process down: the pool replaces it on the next checkout.
  pool.on('error', (err) => process.emitWarning(`PostgreSQL idle connection lost: ${err.message}`));
  pool.on('connect', prepareMarked);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens the configured database. */
export async function openDatabase(config: Config['database']): Promise<Database> {
  if (config.kind === 'postgres') {
    const db = await postgresKysely(config.url, { max: 10, name: 'portal' });
    return {
      db,
      dialect: 'postgres',
      ping: async () => void (await sql`select 1`.execute(db)),
      close: () => db.destroy(),
    };
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  // WAL lets readers go on while one writer writes; NORMAL is durable across process crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  };
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small indexed query, and the
 * portal's queries are a small fixed set of SQL strings. Statements are reused by their SQL. Safe
 * because better-sqlite3 runs a statement to completion synchronously (Kysely streams with
 * `iterate`, which we never call on a shared statement while another runs).
 */
export function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= max) statements.delete(statements.keys().next().value as string);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}
