import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code: the built-in roles and their
// starting permissions are written out here as they were on the day of the migration.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const BUILTIN_ROLES: Array<[code: string, scope: string | null, zh: string, en: string, permissions: string[]]> = [
  ['member', null, '会员', 'Member', ['feedback.send', 'post.publish', 'article.publish', 'journal.submit']],
  ['expert', null, '专家', 'Expert', []],
  ['mvp', null, 'MVP', 'MVP', []],
  ['moderator', 'board', '版主', 'Moderator', ['post.moderate', 'review.post']],
  ['topic_host', 'topic', '专题主持人', 'Topic host', ['review.article']],
  ['enterprise', null, '企业会员', 'Enterprise member', []],
  ['kol', null, 'KOL', 'KOL', []],
  ['editor', null, '编辑', 'Editor', ['admin.access', 'review.journal']],
  // Admins hold every permission in code, including later ones; no rows needed.
  ['admin', null, '管理员', 'Administrator', []],
];

export async function up(db: Kysely<any>): Promise<void> {
  const now = Date.now();

  await db.schema
    .createTable('roles')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('scope_kind', 'varchar(8)')
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name_zh', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('role', 'varchar(32)', (c) => c.notNull().references('roles.code').onDelete('cascade'))
    .addColumn('permission', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['role', 'permission'])
    .execute();

  await db
    .insertInto('roles')
    .values(
      BUILTIN_ROLES.map(([code, scope, zh, en]) => ({
        code,
        scope_kind: scope,
        builtin: 1,
        name_zh: zh,
        name_en: en,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('role_permissions')
    .values(
      BUILTIN_ROLES.flatMap(([role, , , , permissions]) => permissions.map((permission) => ({ role, permission }))),
    )
    .execute();

  // One grant of a role per member, site and board/topic; null (all sites, no scope) counts as one value.
  await sql`create unique index user_roles_grant on user_roles (user_id, role, coalesce(site_id, 0), coalesce(scope_id, 0))`.execute(
    db,
  );
  // Broadcasts to a role and the back office's "holders of a role" walk this index.
  await db.schema.createIndex('user_roles_role').on('user_roles').columns(['role', 'site_id']).execute();

  // A ban is current while banned_until is in the future; user_bans keeps the history.
  await db.schema.alterTable('users').addColumn('banned_until', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('ban_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();

  await idColumn(db, db.schema.createTable('user_bans'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('lifted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('lifted_at', 'bigint')
    .execute();
  await db.schema.createIndex('user_bans_user').on('user_bans').columns(['user_id', 'id']).execute();

  // Every staff action: who, what, before and after, when. Never updated, never deleted by the app.
  await idColumn(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('site_id', 'integer')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'id']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_kind', 'target_id', 'id']).execute();
  await db.schema.createIndex('audit_log_time').on('audit_log').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['audit_log', 'user_bans', 'role_permissions', 'roles']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('user_roles_role').ifExists().execute();
  await db.schema.dropIndex('user_roles_grant').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('ban_reason').execute();
  await db.schema.alterTable('users').dropColumn('banned_until').execute();
}
