import { sql, type Kysely } from 'kysely';
import { POST_TYPE } from '@portal/contracts/discussions';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import type { DB } from '../../db/schema';
import type { KeysetCursor } from '../../lib/keyset';

/** A post anybody may read: published, not hidden, not deleted (the rule of `post.info`). */
/** The post `p` is public: approved, not hidden, not deleted (the one filter of every list here). */
const publicPost = sql<boolean>`p.status = ${REVIEW_STATUS.approved} and p.hidden = 0 and p.deleted_at is null`;

/** One row of the member's interactions, before the actors' briefs are added. */
export interface InteractionRow {
  target: 'post' | 'comment';
  post_id: number;
  site_id: number;
  title: string;
  comment_id: number | null;
  content: string | null;
  actor_id: number;
  at: number;
  /** The keyset's tie-breaker after the time: the comment's id, or a like's key (then the liker breaks ties). */
  key: number;
}

/**
 * The personal centre's reads of discussions (issue 22 item 4): every query is bounded by the
 * member's id, and only public posts and comments show, so nothing private of anyone else can leave.
 */
export function discussionsMineRepository(db: Kysely<DB>) {
  return {
    /** The member's favourite posts that are public now, latest favourite first (post_favourites_user). */
    favourites(userId: number, after: KeysetCursor | null, limit: number) {
      return db
        .selectFrom('post_favourites as f')
        .innerJoin('posts as p', 'p.id', 'f.post_id')
        .select([
          'p.id',
          'p.site_id',
          'p.title',
          'p.type',
          'p.author_id',
          'p.like_count',
          'p.comment_count',
          'f.created_at as favourite_at',
        ])
        .where('f.user_id', '=', userId)
        .where(publicPost)
        .$if(after !== null, (q) =>
          q.where((eb) => eb(eb.refTuple('f.created_at', 'f.post_id'), '<', eb.tuple(after!.at, after!.id))),
        )
        .orderBy('f.created_at', 'desc')
        .orderBy('f.post_id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Comments by others that address the member, newest first: `answers` are the top-level
     * comments on the member's questions; `comments` those on the member's discussions, and
     * replies to the member's comments (a reply under their comment that names nobody else, or a
     * reply naming them).
     *
     * Each way a comment can address the member is its own query led by an index on the member
     * (their posts by author; replies naming them; replies under their comments), each cut at one
     * page; the page is the newest of them. One query with the ways or-ed together would read every
     * comment of the site on each call.
     */
    async comments(userId: number, kind: 'comments' | 'answers', after: KeysetCursor | null, limit: number) {
      const visible = () =>
        db
          .selectFrom('post_comments as c')
          .innerJoin('posts as p', 'p.id', 'c.post_id')
          .select([
            'p.id as post_id',
            'p.site_id',
            'p.title',
            'c.id as comment_id',
            'c.content',
            'c.author_id as actor_id',
            'c.created_at as at',
            'c.parent_id',
          ])
          .where('c.author_id', '<>', userId)
          .where('c.deleted_at', 'is', null)
          .where('c.hidden', '=', 0)
          .where(publicPost)
          .$if(after !== null, (q) =>
            q.where((eb) => eb(eb.refTuple('c.created_at', 'c.id'), '<', eb.tuple(after!.at, after!.id))),
          )
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(limit);
      const onMyPosts = (type: number) =>
        visible().where('p.author_id', '=', userId).where('p.type', '=', type).where('c.parent_id', 'is', null);
      const parts =
        kind === 'answers'
          ? [onMyPosts(POST_TYPE.question)]
          : [
              onMyPosts(POST_TYPE.discussion),
              visible().where('c.reply_to_user_id', '=', userId),
              visible()
                .innerJoin('post_comments as parent', 'parent.id', 'c.parent_id')
                .where('parent.author_id', '=', userId)
                .where('parent.deleted_at', 'is', null)
                .where('c.reply_to_user_id', 'is', null),
            ];
      const seen = new Set<number>();
      const rows = (await Promise.all(parts.map((q) => q.execute())))
        .flat()
        .filter((r) => !seen.has(r.comment_id) && seen.add(r.comment_id))
        .sort((a, b) => Number(b.at) - Number(a.at) || b.comment_id - a.comment_id)
        .slice(0, limit);
      return rows.map(
        (r): InteractionRow => ({
          target: r.parent_id === null ? 'post' : 'comment',
          post_id: r.post_id,
          site_id: r.site_id,
          title: r.title,
          comment_id: r.comment_id,
          content: r.content,
          actor_id: r.actor_id,
          at: Number(r.at),
          key: r.comment_id,
        }),
      );
    },

    /**
     * The member's answers that their askers accepted, newest answer first (a post keeps no time of
     * the acceptance; the answer's own time orders them).
     */
    async accepted(userId: number, after: KeysetCursor | null, limit: number) {
      const rows = await db
        .selectFrom('post_comments as c')
        .innerJoin('posts as p', 'p.accepted_comment_id', 'c.id')
        .select([
          'p.id as post_id',
          'p.site_id',
          'p.title',
          'p.author_id as actor_id',
          'c.id as comment_id',
          'c.content',
          'c.created_at as at',
        ])
        .where('c.author_id', '=', userId)
        .where('c.deleted_at', 'is', null)
        .where('c.hidden', '=', 0)
        .where('p.author_id', '<>', userId)
        .where(publicPost)
        .$if(after !== null, (q) =>
          q.where((eb) => eb(eb.refTuple('c.created_at', 'c.id'), '<', eb.tuple(after!.at, after!.id))),
        )
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(
        (r): InteractionRow => ({
          target: 'comment',
          post_id: r.post_id,
          site_id: r.site_id,
          title: r.title,
          comment_id: r.comment_id,
          content: r.content,
          actor_id: r.actor_id,
          at: Number(r.at),
          key: r.comment_id,
        }),
      );
    },

    /**
     * Likes by others of the member's public posts and comments, newest first. Likes have no id: the
     * keyset is (time, key, liker) where key is the post's id times two, or the comment's id times
     * two plus one, so a post and a comment with the same id never tie.
     */
    async likes(userId: number, after: KeysetCursor | null, limit: number) {
      const postLikes = db
        .selectFrom('post_likes as l')
        .innerJoin('posts as p', 'p.id', 'l.post_id')
        .select([
          'p.id as post_id',
          'p.site_id',
          'p.title',
          sql<number | null>`cast(null as integer)`.as('comment_id'),
          sql<string | null>`cast(null as text)`.as('content'),
          'l.user_id as actor_id',
          'l.created_at as at',
          sql<number>`p.id * 2`.as('k'),
        ])
        .where('p.author_id', '=', userId)
        .where('l.user_id', '<>', userId)
        .where(publicPost);
      const commentLikes = db
        .selectFrom('comment_likes as l')
        .innerJoin('post_comments as c', 'c.id', 'l.comment_id')
        .innerJoin('posts as p', 'p.id', 'c.post_id')
        .select([
          'p.id as post_id',
          'p.site_id',
          'p.title',
          'c.id as comment_id',
          'c.content',
          'l.user_id as actor_id',
          'l.created_at as at',
          sql<number>`c.id * 2 + 1`.as('k'),
        ])
        .where('c.author_id', '=', userId)
        .where('l.user_id', '<>', userId)
        .where('c.deleted_at', 'is', null)
        .where('c.hidden', '=', 0)
        .where(publicPost);
      const rows = await db
        .selectFrom(postLikes.unionAll(commentLikes).as('x'))
        .selectAll()
        .$if(after !== null, (q) =>
          q.where(sql<boolean>`(x.at, x.k, x.actor_id) < (${after!.at}, ${after!.id}, ${after!.tie ?? 0})`),
        )
        .orderBy('x.at', 'desc')
        .orderBy('x.k', 'desc')
        .orderBy('x.actor_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(
        (r): InteractionRow => ({
          target: r.comment_id === null ? 'post' : 'comment',
          post_id: Number(r.post_id),
          site_id: Number(r.site_id),
          title: r.title,
          comment_id: r.comment_id === null ? null : Number(r.comment_id),
          content: r.content,
          actor_id: Number(r.actor_id),
          at: Number(r.at),
          key: Number(r.k),
        }),
      );
    },
  };
}
