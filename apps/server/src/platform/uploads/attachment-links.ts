import type { Kysely, Transaction } from 'kysely';
import type { AttachmentRef } from '@portal/contracts/uploads';
import type { DB } from '../../db/schema';

/**
 * How long an upload may wait to be used: an editor keeps its draft in the browser, pictures and files
 * already uploaded, and a member may come back to it weeks later. After this, an attachment that no
 * stored content ever referred to is an abandoned upload.
 */
export const UNLINKED_ATTACHMENT_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Marks attachments as used by stored content, in the transaction that stores it: `ids` the content
 * lists itself (checked already, e.g. a post's own attachments), `refs` the addresses its rich text
 * shows, which count only with the attachment's right key (an id alone keeps nothing from the sweep).
 * Every feature that keeps rich text or an attachment list calls this with what it keeps; the sweep
 * deletes only attachments never linked. Once linked, an attachment stays even if the content drops it
 * later (an edit may be undone, and another copy of the content may still show it).
 */
export async function linkAttachments(
  executor: Kysely<DB> | Transaction<DB>,
  uses: { ids?: readonly number[]; refs?: readonly AttachmentRef[] },
  now: number,
): Promise<void> {
  const ids = uses.ids ?? [];
  const refs = uses.refs ?? [];
  if (ids.length === 0 && refs.length === 0) return;
  await executor
    .updateTable('attachments')
    .set({ linked_at: now })
    .where('linked_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('id', 'in', [...ids])] : []),
        ...refs.map((r) => eb.and([eb('id', '=', r.id), eb('access_key', '=', r.key)])),
      ]),
    )
    .execute();
}

/** An attachment by its id, for a feature that keeps an attachment's id and serves it itself (an e-magazine's PDF). */
export function findAttachment(executor: Kysely<DB> | Transaction<DB>, id: number) {
  return executor.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
}
