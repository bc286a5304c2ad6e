import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from './migrate';

// As the portal opens SQLite: foreign keys on, so a rebuild that cascaded would lose permissions.
const sqlite = new SQLite(':memory:');
sqlite.pragma('foreign_keys = ON');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema
const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
afterAll(() => db.destroy());

const permissionsOf = async (role: string) =>
  (await db.selectFrom('role_permissions').select('permission').where('role', '=', role).execute()).map(
    (r) => r.permission as string,
  );

describe('migration 0015 (roles.code not null on SQLite)', () => {
  it('keeps every role and permission, refuses a null code, and the foreign key still cascades', async () => {
    expect((await migrator.migrateTo('2026-11-22-0013-attachment-links')).error).toBeUndefined();
    const now = Date.now();
    await db
      .insertInto('roles')
      .values({
        code: 'custom',
        scope_kind: null,
        builtin: 0,
        name_zh: '自定义',
        name_en: 'Custom',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db.insertInto('role_permissions').values({ role: 'custom', permission: 'admin.access' }).execute();
    const before = await db.selectFrom('roles').selectAll().orderBy('code').execute();
    const memberPermissions = await permissionsOf('member');
    expect(memberPermissions.length).toBeGreaterThan(0);

    expect((await migrator.migrateTo('2026-11-25-0015-roles-code-not-null')).error).toBeUndefined();
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(await db.selectFrom('roles').selectAll().orderBy('code').execute()).toEqual(before);
    expect(await permissionsOf('member')).toEqual(memberPermissions);
    expect(await permissionsOf('custom')).toEqual(['admin.access']);
    const columns = sqlite.pragma('table_info(roles)') as Array<{ name: string; notnull: number; pk: number }>;
    const code = columns.find((c) => c.name === 'code');
    expect(code).toMatchObject({ notnull: 1, pk: 1 });
    await expect(
      db
        .insertInto('roles')
        .values({ code: null, builtin: 0, name_zh: 'x', name_en: 'x', created_at: now, updated_at: now })
        .execute(),
    ).rejects.toThrow(/NOT NULL/);

    await db.deleteFrom('roles').where('code', '=', 'custom').execute();
    expect(await permissionsOf('custom')).toEqual([]);
  });
});
