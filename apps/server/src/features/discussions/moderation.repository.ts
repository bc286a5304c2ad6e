import {
  PostgresAdapter,
  sql,
  type Kysely,
  type Transaction,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import { REPORT_STATUS, type PostFlag, type ReportTarget } from '@portal/contracts/moderation';
import type { DB } from '../../db/schema';
import { removeComment } from './discussions.repository';
import type { Executor } from '../../db/executor';
import { refreshSearch } from '../../platform/search/search-index';
import { postSearchSource } from './discussions.search';

/** Which boards of a site a moderator holds: every one (admins), or these ids. */
/** An update of one post, narrowed by the state it must still be in. */
export type PostUpdate = UpdateQueryBuilder<DB, 'posts', 'posts', UpdateResult>;

export interface BoardScope {
  all: boolean;
  ids: number[];
}

/** A post as the zone shows it and as the actions change it. */
export interface PostRow {
  id: number;
  site_id: number;
  author_id: number;
  author_nick_name: string;
  board_id: number | null;
  board_name: string | null;
  type: number;
  status: number;
  title: string;
  hidden: number;
  pinned_at: number | null;
  featured: number;
  locked: number;
  created_at: number;
}

export interface ReportRow {
  id: number;
  site_id: number;
  target_kind: string;
  target_id: number;
  post_id: number;
  reason: string;
  status: number;
  note: string;
  created_at: number;
  handled_at: number | null;
  reporter_id: number;
  reporter_nick_name: string;
  handler_nick_name: string | null;
  post_title: string;
  board_id: number | null;
  board_name: string | null;
  post_author_id: number;
  post_author_nick_name: string;
  post_html: string;
  post_deleted_at: number | null;
  comment_text: string | null;
  comment_author_id: number | null;
  comment_author_nick_name: string | null;
  comment_deleted_at: number | null;
}

/** The posts columns a moderator action changes. */
export type PostChange = Partial<{
  hidden: number;
  pinned_at: number | null;
  featured: number;
  locked: number;
  board_id: number;
}>;

const POST_COLUMNS = [
  'posts.id',
  'posts.site_id',
  'posts.author_id',
  'author.nick_name as author_nick_name',
  'posts.board_id',
  'board.label as board_name',
  'posts.type',
  'posts.status',
  'posts.title',
  'posts.hidden',
  'posts.pinned_at',
  'posts.featured',
  'posts.locked',
  'posts.created_at',
] as const;

const REPORT_COLUMNS = [
  'content_reports.id',
  'content_reports.site_id',
  'content_reports.target_kind',
  'content_reports.target_id',
  'content_reports.post_id',
  'content_reports.reason',
  'content_reports.status',
  'content_reports.note',
  'content_reports.created_at',
  'content_reports.handled_at',
  'content_reports.reporter_id',
  'reporter.nick_name as reporter_nick_name',
  'handler.nick_name as handler_nick_name',
  'posts.title as post_title',
  'posts.board_id',
  'board.label as board_name',
  'posts.author_id as post_author_id',
  'post_author.nick_name as post_author_nick_name',
  'posts.content_html as post_html',
  'posts.deleted_at as post_deleted_at',
  'post_comments.content as comment_text',
  'post_comments.author_id as comment_author_id',
  'comment_author.nick_name as comment_author_nick_name',
  'post_comments.deleted_at as comment_deleted_at',
] as const;

export function moderationRepository(db: Kysely<DB>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  function postsQuery(executor: Executor) {
    return executor
      .selectFrom('posts')
      .innerJoin('users as author', 'author.id', 'posts.author_id')
      .leftJoin('dictionaries as board', 'board.id', 'posts.board_id');
  }

  function reportsQuery(executor: Executor) {
    return executor
      .selectFrom('content_reports')
      .innerJoin('users as reporter', 'reporter.id', 'content_reports.reporter_id')
      .leftJoin('users as handler', 'handler.id', 'content_reports.handled_by')
      .innerJoin('posts', 'posts.id', 'content_reports.post_id')
      .innerJoin('users as post_author', 'post_author.id', 'posts.author_id')
      .leftJoin('dictionaries as board', 'board.id', 'posts.board_id')
      .leftJoin('post_comments', (join) =>
        join
          .onRef('post_comments.id', '=', 'content_reports.target_id')
          .on('content_reports.target_kind', '=', 'comment'),
      )
      .leftJoin('users as comment_author', 'comment_author.id', 'post_comments.author_id');
  }

  function findPostIn(executor: Executor, siteId: number, id: number) {
    return postsQuery(executor)
      .select(POST_COLUMNS)
      .where('posts.site_id', '=', siteId)
      .where('posts.id', '=', id)
      .where('posts.deleted_at', 'is', null)
      .executeTakeFirst() as Promise<PostRow | undefined>;
  }

  function findReportIn(executor: Executor, siteId: number, id: number) {
    return reportsQuery(executor)
      .select(REPORT_COLUMNS)
      .where('content_reports.site_id', '=', siteId)
      .where('content_reports.id', '=', id)
      .executeTakeFirst() as Promise<ReportRow | undefined>;
  }

  return {
    /** The boards of a site, all of them or these ids, in the back office's order. */
    boards(siteId: number, scope: BoardScope) {
      let query = db
        .selectFrom('dictionaries')
        .select(['id', 'label'])
        .where('site_id', '=', siteId)
        .where('kind', '=', 'board');
      if (!scope.all) {
        if (scope.ids.length === 0) return Promise.resolve([]);
        query = query.where('id', 'in', scope.ids);
      }
      return query.orderBy('sort').orderBy('id').execute();
    },

    findPost(siteId: number, id: number): Promise<PostRow | undefined> {
      return findPostIn(db, siteId, id);
    },

    /** A live comment of a live post of the site, with that post's board. */
    findComment(siteId: number, id: number) {
      return db
        .selectFrom('post_comments')
        .innerJoin('posts', 'posts.id', 'post_comments.post_id')
        .select([
          'post_comments.id',
          'post_comments.post_id',
          'post_comments.author_id',
          'post_comments.parent_id',
          'post_comments.content',
          'post_comments.hidden',
          'posts.board_id',
          'posts.title',
          'posts.status as post_status',
          'posts.hidden as post_hidden',
        ])
        .where('post_comments.id', '=', id)
        .where('post_comments.deleted_at', 'is', null)
        .where('posts.site_id', '=', siteId)
        .where('posts.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Posts of the scope, newest first, with the number of open reports of each (and of its comments). */
    async postsPage(
      siteId: number,
      scope: BoardScope,
      filter: { flag?: PostFlag; reported?: boolean },
      beforeId: number | null,
      limit: number,
    ) {
      if (!scope.all && scope.ids.length === 0) return [];
      const openReports = (eb: { ref: (c: 'posts.id') => unknown }) =>
        sql<number>`(select count(*) from content_reports r where r.post_id = ${eb.ref('posts.id')} and r.status = ${REPORT_STATUS.open})`;
      let query = postsQuery(db)
        .select(POST_COLUMNS)
        .select((eb) => openReports(eb).as('open_reports'))
        .where('posts.site_id', '=', siteId)
        .where('posts.deleted_at', 'is', null);
      if (!scope.all) query = query.where('posts.board_id', 'in', scope.ids);
      switch (filter.flag) {
        case 'hidden':
          query = query.where('posts.hidden', '=', 1);
          break;
        case 'pinned':
          query = query.where('posts.pinned_at', 'is not', null);
          break;
        case 'featured':
          query = query.where('posts.featured', '=', 1);
          break;
        case 'locked':
          query = query.where('posts.locked', '=', 1);
          break;
      }
      if (filter.reported) {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('content_reports as r')
              .select('r.id')
              .whereRef('r.post_id', '=', 'posts.id')
              .where('r.status', '=', REPORT_STATUS.open),
          ),
        );
      }
      if (beforeId !== null) query = query.where('posts.id', '<', beforeId);
      const rows = await query.orderBy('posts.id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ ...(r as PostRow), open_reports: Number(r.open_reports) }));
    },

    reportsPage(siteId: number, scope: BoardScope, status: number, beforeId: number | null, limit: number) {
      if (!scope.all && scope.ids.length === 0) return Promise.resolve([] as ReportRow[]);
      let query = reportsQuery(db)
        .select(REPORT_COLUMNS)
        .where('content_reports.site_id', '=', siteId)
        .where('content_reports.status', '=', status);
      if (!scope.all) query = query.where('posts.board_id', 'in', scope.ids);
      if (beforeId !== null) query = query.where('content_reports.id', '<', beforeId);
      return query.orderBy('content_reports.id', 'desc').limit(limit).execute() as Promise<ReportRow[]>;
    },

    findReport(siteId: number, id: number): Promise<ReportRow | undefined> {
      return findReportIn(db, siteId, id);
    },

    /** An open report of this member on this item, if any. */
    openReportOf(reporterId: number, kind: ReportTarget, targetId: number) {
      return db
        .selectFrom('content_reports')
        .select('id')
        .where('reporter_id', '=', reporterId)
        .where('target_kind', '=', kind)
        .where('target_id', '=', targetId)
        .where('status', '=', REPORT_STATUS.open)
        .executeTakeFirst();
    },

    /**
     * Stores a report unless the member already sent `max` since `since`; the count and the insert
     * are one transaction (PostgreSQL locks the member's row first so that a member's simultaneous
     * reports take turns). Returns the times of the window's reports when the limit is reached.
     */
    insertWithinLimit(
      row: {
        siteId: number;
        kind: ReportTarget;
        targetId: number;
        postId: number;
        reporterId: number;
        reason: string;
        now: number;
      },
      limit: { max: number; since: number },
    ): Promise<{ stored: true } | { stored: false; recent: number[] }> {
      return db.transaction().execute(async (trx) => {
        if (isPostgres) {
          await trx.selectFrom('users').select('id').where('id', '=', row.reporterId).forUpdate().execute();
        }
        const recent = await trx
          .selectFrom('content_reports')
          .select('created_at')
          .where('reporter_id', '=', row.reporterId)
          .where('created_at', '>', limit.since)
          .orderBy('created_at')
          .execute();
        if (recent.length >= limit.max) return { stored: false, recent: recent.map((r) => Number(r.created_at)) };
        await trx
          .insertInto('content_reports')
          .values({
            site_id: row.siteId,
            target_kind: row.kind,
            target_id: row.targetId,
            post_id: row.postId,
            reporter_id: row.reporterId,
            reason: row.reason,
            created_at: row.now,
          })
          .execute();
        return { stored: true };
      });
    },

    /**
     * Closes an open report in one transaction with `alsoDo` (the audit row). Only an open report
     * changes (`where status = 10`): of two moderators closing it at once, one does, the other gets
     * undefined.
     */
    closeReport(
      siteId: number,
      id: number,
      change: { status: number; note: string | undefined; handledBy: number; now: number },
      alsoDo: (trx: Transaction<DB>, before: ReportRow, after: ReportRow) => Promise<void>,
    ): Promise<ReportRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await findReportIn(trx, siteId, id);
        if (!before || before.status !== REPORT_STATUS.open) return undefined;
        const result = await trx
          .updateTable('content_reports')
          .set({
            status: change.status,
            handled_by: change.handledBy,
            handled_at: change.now,
            ...(change.note !== undefined ? { note: change.note } : {}),
          })
          .where('site_id', '=', siteId)
          .where('id', '=', id)
          .where('status', '=', REPORT_STATUS.open)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return undefined;
        const after = (await findReportIn(trx, siteId, id))!;
        await alsoDo(trx, before, after);
        return after;
      });
    },

    /**
     * Applies a moderator action to a post when the post is still as the action expects (`expect`,
     * e.g. not yet pinned; its board unchanged): the update and `alsoDo` (audit row, message) are one
     * transaction. Of two moderators doing the same at once, one changes the post and the other gets
     * undefined, so nothing is recorded or told twice.
     */
    changePost(
      siteId: number,
      before: PostRow,
      change: PostChange,
      expect: (q: PostUpdate) => PostUpdate,
      alsoDo: (trx: Transaction<DB>, after: PostRow) => Promise<void>,
    ): Promise<PostRow | undefined> {
      return db.transaction().execute(async (trx) => {
        let update: PostUpdate = trx
          .updateTable('posts')
          .set(change)
          .where('site_id', '=', siteId)
          .where('id', '=', before.id)
          .where('deleted_at', 'is', null);
        update = expect(update);
        update =
          before.board_id === null
            ? update.where('board_id', 'is', null)
            : update.where('board_id', '=', before.board_id);
        const result = await update.executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return undefined;
        const after = (await findPostIn(trx, siteId, before.id))!;
        await refreshSearch(trx, postSearchSource, [after.id]);
        await alsoDo(trx, after);
        return after;
      });
    },

    /**
     * Soft-deletes a live comment the way the author's delete does (discussions' `removeComment`:
     * counters, an accepted answer cleared) with `alsoDo` in one transaction; false when it was gone
     * already.
     */
    deleteComment(
      commentId: number,
      now: number,
      alsoDo: (trx: Transaction<DB>, removed: { wasAccepted: boolean }) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await removeComment(trx, commentId, now);
        if (!result.removed) return false;
        await alsoDo(trx, { wasAccepted: result.wasAccepted });
        return true;
      });
    },
  };
}
