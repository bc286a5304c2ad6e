import type { Insertable, Updateable } from 'kysely';
import { attachmentAddress } from '@portal/contracts/uploads';
import type { Executor } from '../../db/executor';
import type { JournalSubmissionsTable } from '../../db/schema';

/** The attachments' ids a submission keeps, read back from its JSON column (a damaged value reads as none). */
export function annexIds(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
  } catch {
    return [];
  }
}

/**
 * A submission's annex as its answers list it: the attachments of `ids` that still exist, in the
 * annex's order, each with its address.
 */
export function annexOf(
  ids: readonly number[],
  rows: readonly { id: number; access_key: string; title: string; size: number | string }[],
) {
  const byId = new Map(rows.map((a) => [Number(a.id), a]));
  return ids.flatMap((attId) => {
    const a = byId.get(attId);
    return a
      ? [
          {
            att_id: attId,
            att_title: a.title,
            att_url: attachmentAddress(attId, a.access_key),
            att_size: Number(a.size),
          },
        ]
      : [];
  });
}

/** E-magazine submissions (issue 20 items 4, 5, 7): Kysely only. */
export function journalSubmissionsRepository(executor: Executor) {
  return {
    find(id: number, on: Executor = executor) {
      return on.selectFrom('journal_submissions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(on: Executor, row: Insertable<JournalSubmissionsTable>): Promise<number> {
      const r = await on.insertInto('journal_submissions').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },

    /** Updates a submission only while its status is one of `from`: false when it had moved on. */
    async updateIf(
      on: Executor,
      id: number,
      from: readonly number[],
      set: Updateable<JournalSubmissionsTable>,
    ): Promise<boolean> {
      const r = await on
        .updateTable('journal_submissions')
        .set(set)
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** One author's submissions, newest first, keyset by id. */
    mine(authorId: number, before: number | null, limit: number) {
      let q = executor
        .selectFrom('journal_submissions')
        .select(['id', 'site_id', 'title', 'status', 'created_at', 'updated_at'])
        .where('author_id', '=', authorId);
      if (before !== null) q = q.where('id', '<', before);
      return q.orderBy('id', 'desc').limit(limit).execute();
    },

    /** The articles placed from these submissions. */
    placedFrom(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return executor
        .selectFrom('journal_articles')
        .select(['id', 'issue_id', 'submission_id'])
        .where('submission_id', 'in', [...ids])
        .execute();
    },

    /** A site's accepted submissions, newest accepted first (keyset by updated_at, id), optionally only those not placed. */
    accepted(
      siteId: number,
      status: number,
      opts: { includePlaced: boolean; after: { at: number; id: number } | null; limit: number },
    ) {
      let q = executor
        .selectFrom('journal_submissions as s')
        .leftJoin('journal_articles as a', 'a.submission_id', 's.id')
        .select([
          's.id',
          's.author_id',
          's.name',
          's.nick_name',
          's.title',
          's.content',
          's.updated_at',
          'a.id as article_id',
          'a.issue_id as article_issue_id',
        ])
        .where('s.site_id', '=', siteId)
        .where('s.status', '=', status);
      if (!opts.includePlaced) q = q.where('a.id', 'is', null);
      const after = opts.after;
      if (after) {
        q = q.where((eb) =>
          eb.or([
            eb('s.updated_at', '<', after.at),
            eb.and([eb('s.updated_at', '=', after.at), eb('s.id', '<', after.id)]),
          ]),
        );
      }
      return q.orderBy('s.updated_at', 'desc').orderBy('s.id', 'desc').limit(opts.limit).execute();
    },

    /** Which of `ids` are attachments the member uploaded. */
    async ownedAttachments(on: Executor, ownerId: number, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await on
        .selectFrom('attachments')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((r) => Number(r.id));
    },

    attachments(ids: readonly number[], on: Executor = executor) {
      if (ids.length === 0) return Promise.resolve([]);
      return on
        .selectFrom('attachments')
        .select(['id', 'access_key', 'title', 'size'])
        .where('id', 'in', [...ids])
        .execute();
    },

    /** The site's industries and fields (scenes), in their order, for the form. */
    formEntries(siteId: number) {
      return executor
        .selectFrom('dictionaries')
        .select(['id', 'kind', 'label'])
        .where('site_id', '=', siteId)
        .where('kind', 'in', ['industry', 'scene'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /** Submissions, whatever their status, filed under a dictionary entry (industry or field). */
    async countFiledUnder(column: 'industry_id' | 'scene_id', entryId: number): Promise<number> {
      const row = await executor
        .selectFrom('journal_submissions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(column, '=', entryId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Labels of dictionary entries of the site (industries and fields), by id. */
    async entryLabels(on: Executor, siteId: number, ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, { kind: string; label: string }>();
      const rows = await on
        .selectFrom('dictionaries')
        .select(['id', 'kind', 'label'])
        .where('site_id', '=', siteId)
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((r) => [Number(r.id), { kind: r.kind, label: r.label }]));
    },
  };
}
