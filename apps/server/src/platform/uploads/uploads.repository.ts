import type { Insertable, Kysely } from 'kysely';
import type { AttachmentsTable, AttachmentUploadsTable, DB } from '../../db/schema';

/** Attachments and the pending direct uploads (Kysely only). */
export function uploadsRepository(db: Kysely<DB>) {
  return {
    async insertAttachment(row: Insertable<AttachmentsTable>): Promise<number> {
      const { id } = await db.insertInto('attachments').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    findAttachment(id: number) {
      return db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertPendingUpload(row: Insertable<AttachmentUploadsTable>): Promise<void> {
      await db.insertInto('attachment_uploads').values(row).execute();
    },
    /** Takes (deletes and answers) the member's pending upload of this key, if it has not expired. */
    takePendingUpload(ownerId: number, storageKey: string, now: number) {
      return db
        .deleteFrom('attachment_uploads')
        .where('owner_id', '=', ownerId)
        .where('storage_key', '=', storageKey)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
    },
    /** Up to `limit` attachments in this store never linked to content and created before `before`, oldest first. */
    unlinkedBefore(storage: number, before: number, limit: number) {
      return db
        .selectFrom('attachments')
        .select(['id', 'storage_key'])
        .where('linked_at', 'is', null)
        .where('created_at', '<', before)
        .where('storage', '=', storage)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },
    /** Deletes an attachment unless content has linked it meanwhile; answers whether it went. */
    async deleteUnlinked(id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('attachments')
        .where('id', '=', id)
        .where('linked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Takes up to `limit` expired pending uploads (to abort them in the store). */
    async takeExpiredUploads(now: number, limit: number) {
      const rows = await db
        .selectFrom('attachment_uploads')
        .selectAll()
        .where('expires_at', '<=', now)
        .orderBy('id')
        .limit(limit)
        .execute();
      if (rows.length)
        await db
          .deleteFrom('attachment_uploads')
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
      return rows;
    },
  };
}
