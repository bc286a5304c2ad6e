import type { Kysely } from 'kysely';
import type { Interaction, InteractionKind, MyFavouritePost } from '@portal/contracts/discussions-mine';
import type { UserBrief } from '@portal/contracts/home';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { discussionsMineRepository, type InteractionRow } from './discussions-mine.repository';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
/** Comments are plain text; the list shows their start. */
const EXCERPT_MAX = 120;
const excerptOf = (text: string | null) =>
  text === null ? '' : text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;

const unknownMember = (id: number): UserBrief => ({
  user_id: id,
  user_nick_name: '',
  user_avatar_att_url: '',
  user_points_level: 1,
  user_logo_arr: [],
  user_medal: 0,
});

/**
 * The personal centre's discussion lists (issue 22 item 4): the member's favourite posts and what
 * others did with their posts and comments. The member is always the session's: no body names one.
 */
export function discussionsMineService(db: Kysely<DB>) {
  const repo = discussionsMineRepository(db);

  return {
    async favourites(site: Site, userId: number, q: { cursor?: string; limit: number }) {
      const rows = await repo.favourites(userId, decodeCursor(q.cursor), q.limit + 1);
      const page = rows.slice(0, q.limit);
      const authors = await memberBriefs(
        db,
        page.map((r) => r.author_id),
        site.tws_id,
      );
      const list: MyFavouritePost[] = page.map((r) => ({
        tp_id: r.id,
        tws_id: r.site_id,
        tp_title: r.title,
        tp_type: r.type,
        author: authors.get(r.author_id) ?? unknownMember(r.author_id),
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

    async interactions(site: Site, userId: number, q: { kind: InteractionKind; cursor?: string; limit: number }) {
      // Likes have no id of their own: their cursor carries the liker as a third key.
      const after = decodeCursor(q.cursor, { withTie: q.kind === 'likes' });
      const rows: InteractionRow[] =
        q.kind === 'likes'
          ? await repo.likes(userId, after, q.limit + 1)
          : q.kind === 'accepted'
            ? await repo.accepted(userId, after, q.limit + 1)
            : await repo.comments(userId, q.kind, after, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const actors = await memberBriefs(
        db,
        page.map((r) => r.actor_id),
        site.tws_id,
      );
      const list: Interaction[] = page.map((r) => ({
        key: `${q.kind}:${r.target}:${r.comment_id ?? r.post_id}:${r.actor_id}`,
        kind: q.kind,
        target: r.target,
        tp_id: r.post_id,
        tws_id: r.site_id,
        tp_title: r.title,
        tpc_id: r.comment_id,
        excerpt: excerptOf(r.content),
        actor: actors.get(r.actor_id) ?? null,
        create_time: iso(r.at),
      }));
      const last = page[page.length - 1];
      const next =
        rows.length > q.limit && last
          ? encodeCursor(
              q.kind === 'likes' ? { at: last.at, id: last.key, tie: last.actor_id } : { at: last.at, id: last.key },
            )
          : null;
      return { list, next_cursor: next };
    },
  };
}
