import type { Kysely } from 'kysely';
import type { UserBrief } from '@portal/contracts/home';
import type { Site } from '@portal/contracts/sites';
import type { MyArticleInteraction, MyFavouriteArticle } from '@portal/contracts/topic-articles-mine';
import type { DB } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { topicsMineRepository } from './topics-mine.repository';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
/** Comments are plain text; the list shows their start. */
const EXCERPT_MAX = 120;
const excerptOf = (text: string) => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text);

/**
 * The personal centre's topic-article lists (issue 22 item 4), always the session member's own: the
 * favourites (topic_article_favourites_user) and the comments and replies received. Only articles
 * that are public now, so an article withdrawn or deleted by its author leaves both lists.
 */
export function topicsMineService(db: Kysely<DB>) {
  const repo = topicsMineRepository(db);
  return {
    async favourites(userId: number, q: { cursor?: string; limit: number }) {
      const after = decodeCursor(q.cursor);
      const rows = await repo.favourites(userId, after, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const list: MyFavouriteArticle[] = page.map((r) => ({
        ttar_id: r.id,
        tws_id: r.site_id,
        tt_id: r.topic_id,
        tt_title: r.topic_title,
        ttar_title: r.title,
        author_id: r.author_id,
        author_nick_name: r.nick_name,
        like_count: r.like_count,
        comment_count: r.comment_count,
        favourite_time: iso(r.favourite_at),
      }));
      const last = page[page.length - 1];
      return {
        list,
        next_cursor:
          rows.length > q.limit && last ? encodeCursor({ at: Number(last.favourite_at), id: last.id }) : null,
      };
    },

    async interactions(site: Site, userId: number, q: { cursor?: string; limit: number }) {
      const rows = await repo.interactions(userId, decodeCursor(q.cursor), q.limit + 1);
      const page = rows.slice(0, q.limit);
      const actors: Map<number, UserBrief> = await memberBriefs(
        db,
        page.map((r) => r.actor_id),
        site.tws_id,
      );
      const list: MyArticleInteraction[] = page.map((r) => {
        const target = r.parent_id === null ? 'article' : 'comment';
        return {
          key: `${target}:${r.comment_id}`,
          target,
          ttar_id: r.article_id,
          tws_id: r.site_id,
          ttar_title: r.title,
          tpc_id: r.comment_id,
          excerpt: excerptOf(r.content),
          actor: actors.get(r.actor_id) ?? null,
          create_time: iso(r.at),
        };
      });
      const last = page[page.length - 1];
      return {
        list,
        next_cursor: rows.length > q.limit && last ? encodeCursor({ at: Number(last.at), id: last.comment_id }) : null,
      };
    },
  };
}
