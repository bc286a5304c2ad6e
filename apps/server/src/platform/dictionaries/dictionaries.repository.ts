import { sql, type Kysely, type Updateable } from 'kysely';
import type { DictionaryKind } from '@portal/contracts/dictionaries';
import type { DB, DictionariesTable } from '../../db/schema';
import type { Executor } from '../../db/executor';

const count = sql<number>`count(*)`.as('n');

/** Is `id` an entry of this kind (an industry, a board ...) of the site? Forms and grants check with it. */
export async function isDictionaryEntry(
  executor: Executor,
  siteId: number,
  kind: DictionaryKind,
  id: number,
): Promise<boolean> {
  const row = await executor
    .selectFrom('dictionaries')
    .select('id')
    .where('id', '=', id)
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row !== undefined;
}

export function dictionariesRepository(db: Kysely<DB>) {
  return {
    entries(siteId: number, kind: DictionaryKind) {
      return db
        .selectFrom('dictionaries')
        .select(['id', 'label'])
        .where('site_id', '=', siteId)
        .where('kind', '=', kind)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /** Every entry of a kind with all its columns, in the site's order. */
    rows(siteId: number, kind: DictionaryKind, executor: Executor = db) {
      return executor
        .selectFrom('dictionaries')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('kind', '=', kind)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    find(id: number, executor: Executor = db) {
      return executor.selectFrom('dictionaries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Entries of the kind, the highest value and the highest sort. */
    async kindStats(executor: Executor, siteId: number, kind: DictionaryKind) {
      const row = await executor
        .selectFrom('dictionaries')
        .select([count, sql<number | null>`max(value)`.as('max_value'), sql<number | null>`max(sort)`.as('max_sort')])
        .where('site_id', '=', siteId)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow();
      return { entries: Number(row.n), maxValue: Number(row.max_value ?? 0), maxSort: Number(row.max_sort ?? 0) };
    },

    /** Another entry of the kind with this label (case-insensitive for Latin letters) or value. */
    async clash(
      executor: Executor,
      siteId: number,
      kind: DictionaryKind,
      what: { label?: string; value?: number },
      exceptId?: number,
    ): Promise<'label' | 'value' | null> {
      const base = executor
        .selectFrom('dictionaries')
        .select('id')
        .where('site_id', '=', siteId)
        .where('kind', '=', kind)
        .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!));
      if (what.label !== undefined) {
        const hit = await base.where(sql`lower(label)`, '=', what.label.toLowerCase()).executeTakeFirst();
        if (hit) return 'label';
      }
      if (what.value !== undefined) {
        const hit = await base.where('value', '=', what.value).executeTakeFirst();
        if (hit) return 'value';
      }
      return null;
    },

    async insert(
      executor: Executor,
      row: { siteId: number; kind: DictionaryKind; label: string; value: number; sort: number; now: number },
    ): Promise<number> {
      const inserted = await executor
        .insertInto('dictionaries')
        .values({
          site_id: row.siteId,
          kind: row.kind,
          label: row.label,
          value: row.value,
          sort: row.sort,
          created_at: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    async update(executor: Executor, id: number, values: Updateable<DictionariesTable>): Promise<void> {
      await executor.updateTable('dictionaries').set(values).where('id', '=', id).execute();
    },

    async remove(executor: Executor, id: number): Promise<void> {
      await executor.deleteFrom('dictionaries').where('id', '=', id).execute();
    },

    async setSort(executor: Executor, id: number, sort: number): Promise<void> {
      await executor.updateTable('dictionaries').set({ sort }).where('id', '=', id).execute();
    },
  };
}
