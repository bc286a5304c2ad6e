import type { Kysely } from 'kysely';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import type { DB } from '../../db/schema';
import type { KeysetCursor } from '../../lib/keyset';

/** The personal centre's reads of topic articles: bounded by the member's id, public articles only. */
export function topicsMineRepository(db: Kysely<DB>) {
  return {
    /** The member's favourite articles that are public now, latest favourite first (topic_article_favourites_user). */
    favourites(userId: number, after: KeysetCursor | null, limit: number) {
      return db
        .selectFrom('topic_article_favourites as f')
        .innerJoin('topic_articles as a', 'a.id', 'f.article_id')
        .innerJoin('topics as t', 't.id', 'a.topic_id')
        .innerJoin('users as u', 'u.id', 'a.author_id')
        .select([
          'a.id',
          'a.site_id',
          'a.topic_id',
          't.title as topic_title',
          'a.title',
          'a.author_id',
          'u.nick_name',
          'a.like_count',
          'a.comment_count',
          'f.created_at as favourite_at',
        ])
        .where('f.user_id', '=', userId)
        .where('a.status', '=', REVIEW_STATUS.approved)
        .where('a.deleted_at', 'is', null)
        .$if(after !== null, (q) =>
          q.where((eb) => eb(eb.refTuple('f.created_at', 'f.article_id'), '<', eb.tuple(after!.at, after!.id))),
        )
        .orderBy('f.created_at', 'desc')
        .orderBy('f.article_id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Comments by others that address the member on public articles, newest first: top-level
     * comments on the member's articles, and replies to the member's comments (a reply under their
     * comment that names nobody else, or a reply naming them). Keyset on (time, comment id). Three
     * disjoint branches, each reached by an index from the member's own rows (their articles, their
     * comments, replies naming them), so the cost follows the member's items, not the site's.
     */
    interactions(userId: number, after: KeysetCursor | null, limit: number) {
      const branch = () =>
        db
          .selectFrom('article_comments as c')
          .innerJoin('topic_articles as a', 'a.id', 'c.article_id')
          .select([
            'a.id as article_id',
            'a.site_id',
            'a.title',
            'c.id as comment_id',
            'c.parent_id',
            'c.content',
            'c.author_id as actor_id',
            'c.created_at as at',
          ])
          .where('c.author_id', '<>', userId)
          .where('c.deleted_at', 'is', null)
          .where('c.hidden', '=', 0)
          .where('a.status', '=', REVIEW_STATUS.approved)
          .where('a.deleted_at', 'is', null)
          .$if(after !== null, (q) =>
            q.where((eb) => eb(eb.refTuple('c.created_at', 'c.id'), '<', eb.tuple(after!.at, after!.id))),
          );
      const onMyArticles = branch().where('a.author_id', '=', userId).where('c.parent_id', 'is', null);
      const namingMe = branch().where('c.reply_to_user_id', '=', userId);
      const underMyComments = branch()
        .innerJoin('article_comments as parent', 'parent.id', 'c.parent_id')
        .where('parent.author_id', '=', userId)
        .where('parent.deleted_at', 'is', null)
        .where('c.reply_to_user_id', 'is', null);
      return db
        .selectFrom(onMyArticles.unionAll(namingMe).unionAll(underMyComments).as('x'))
        .selectAll()
        .orderBy('x.at', 'desc')
        .orderBy('x.comment_id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
