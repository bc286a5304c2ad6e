import crypto from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen once landed. An attachment is served at /attachments/{id}/{access_key}: ids are sequential,
// so by id alone anyone could walk every file, including those of posts still in review, hidden or
// never published. The key is 128 random bits; existing attachments get theirs here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('attachments')
    .addColumn('access_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows = (await db.selectFrom('attachments').select('id').execute()) as Array<{ id: number }>;
  for (const { id } of rows) {
    await db
      .updateTable('attachments')
      .set({ access_key: crypto.randomBytes(16).toString('base64url') })
      .where('id', '=', id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attachments').dropColumn('access_key').execute();
}
