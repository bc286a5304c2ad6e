import type { Kysely } from 'kysely';
import type { MyFavouriteArticle } from '@portal/contracts/topic-articles-mine';
import type { DB } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { topicsMineRepository } from './topics-mine.repository';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/**
 * The personal centre's favourite topic articles (issue 22 item 4): the session member's own
 * favourites (topic_article_favourites_user), only articles that are public now, so an article
 * withdrawn or deleted by its author leaves the list.
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
  };
}
