import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from './migrate';

// Foreign keys off: the attachments need no member rows here.
const sqlite = new SQLite(':memory:');
sqlite.pragma('foreign_keys = OFF');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema
const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
afterAll(() => db.destroy());

const row = {
  owner_id: 1,
  title: 'a.pdf',
  storage: 1,
  mime: 'application/pdf',
  size: 1,
  kind: 'file',
  created_at: 1,
};

// In order: each case migrates the same database one step further.
describe('migration 0012 (attachment access keys)', () => {
  it('gives every existing attachment its own random key', async () => {
    expect((await migrator.migrateTo('2026-11-22-0011-posts-author-index')).error).toBeUndefined();
    await db
      .insertInto('attachments')
      .values([1, 2, 3].map((n) => ({ ...row, storage_key: `attachments/${n}.pdf` })))
      .execute();
    expect((await migrator.migrateTo('2026-11-22-0012-attachment-access-keys')).error).toBeUndefined();
    const keys = (await db.selectFrom('attachments').select('access_key').execute()).map((r) => r.access_key as string);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[\w-]{22}$/);
    expect(new Set(keys).size).toBe(3);
  });
});

describe('migration 0013 (attachment links)', () => {
  it('takes every existing attachment as linked, so the sweep never deletes one of them', async () => {
    await db.updateTable('attachments').set({ created_at: 1_700_000_000_000 }).where('id', '=', 2).execute();
    expect((await migrator.migrateTo('2026-11-22-0013-attachment-links')).error).toBeUndefined();
    const rows = await db.selectFrom('attachments').select(['id', 'created_at', 'linked_at']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, Number(r.linked_at)])).toEqual([
      [1, 1],
      [2, 1_700_000_000_000],
      [3, 1],
    ]);
  });
});
