import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * How long an upload may wait to be used: an editor keeps its draft in the browser, pictures and files
 * already uploaded, and a member may come back to it weeks later. After this, an attachment that no
 * stored content ever referred to is an abandoned upload.
 */
export const UNLINKED_ATTACHMENT_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

/** The ids of the attachments that rich text refers to by their address (`/attachments/{id}/{key}`). */
export function attachmentIdsIn(html: string): number[] {
  const ids = new Set<number>();
  for (const m of html.matchAll(/\/attachments\/(\d{1,15})\/[A-Za-z0-9_-]+/g)) ids.add(Number(m[1]));
  return [...ids];
}

/**
 * Marks attachments as used by stored content, in the transaction that stores it. Every feature that
 * keeps rich text or an attachment list calls this with what it keeps; the sweep deletes only
 * attachments never linked. Once linked, an attachment stays even if the content drops it later
 * (an edit may be undone, and another copy of the content may still show it).
 */
export async function linkAttachments(
  executor: Kysely<DB> | Transaction<DB>,
  ids: readonly number[],
  now: number,
): Promise<void> {
  if (ids.length === 0) return;
  await executor
    .updateTable('attachments')
    .set({ linked_at: now })
    .where('id', 'in', [...ids])
    .where('linked_at', 'is', null)
    .execute();
}
