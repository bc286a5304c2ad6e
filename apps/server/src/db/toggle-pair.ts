import type { Kysely } from 'kysely';
import type { Executor } from './executor';
import type { DB } from './schema';

/** Tables of (target, member) pairs: a unique (target column, user_id) and the time it was made. */
type PairTable = {
  [T in keyof DB]: DB[T] extends { user_id: number; created_at: number } ? T : never;
}[keyof DB];

/** How the helper sees such a table: number columns by name (the caller's types name the real ones). */
type PairRows = Record<string, Record<string, number>>;

/**
 * Toggles a (target, member) pair (a like, a favourite, a follow): inserts it, or deletes it when it
 * was there. Answers whether it is there now. The unique pair makes concurrent presses exact; a
 * press that meets another press of the same member mid-way (the pair deleted by it after our
 * insert saw it) tries again, so every answer stands for a row really added or removed.
 */
export async function togglePair<T extends PairTable>(
  executor: Executor,
  table: T,
  key: keyof DB[T] & string,
  targetId: number,
  userId: number,
  now: number,
): Promise<boolean> {
  const db = executor as unknown as Kysely<PairRows>;
  const name: string = table;
  const column: string = key;
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await db
      .insertInto(name)
      .values({ [column]: targetId, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns([column, 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
    const deleted = await db
      .deleteFrom(name)
      .where(column, '=', targetId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) return false;
  }
  throw new Error(`${table}: the toggle of ${targetId} by ${userId} kept racing`);
}
