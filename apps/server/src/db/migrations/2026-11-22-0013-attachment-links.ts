import { sql, type Kysely } from 'kysely';

// Frozen once landed. An attachment is linked once stored content refers to it (a post's content or
// attachment list, a site page); one never linked within its grace period is an abandoned upload, which
// the sweep deletes (decision 014). Attachments that exist already are all taken as linked: nothing
// uploaded before this migration is ever swept.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attachments').addColumn('linked_at', 'bigint').execute();
  await db
    .updateTable('attachments')
    .set((eb) => ({ linked_at: eb.ref('created_at') }))
    .execute();
  // The sweep's question: the oldest attachments never linked.
  await db.schema
    .createIndex('attachments_unlinked_created_idx')
    .on('attachments')
    .column('created_at')
    .where(sql.ref('linked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attachments_unlinked_created_idx').execute();
  await db.schema.alterTable('attachments').dropColumn('linked_at').execute();
}
