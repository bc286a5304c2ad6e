import type { Insertable, Kysely, Transaction } from 'kysely';
import { EXPERT_FLAG } from '@portal/contracts/constants';
import type { DB, UserRolesTable } from '../db/schema';
import { recordHistory, type PointSource } from '../platform/points/points.service';
import { reindexKind } from '../platform/search/search-index';
import { SEARCH_SOURCES } from '../search-sources';
import { awardYear, termEnd } from '../features/expert-applications/mvp.service';
import { buildDemoPlan, DEMO_MARKER, type DemoPlan, type PlannedSite, type SourceRef } from './demo-content';

/**
 * SQLite builds may cap bound variables at 999; a multi-row insert binds rows x columns of them.
 * Batches stay under that and under ~200 rows whatever the width of the table.
 */
const MAX_VARIABLES = 999;
const MAX_ROWS = 200;

function chunks<T extends object>(rows: T[]): T[][] {
  if (rows.length === 0) return [];
  const width = Math.max(...rows.map((r) => Object.keys(r).length));
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_VARIABLES / width)));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Inserts rows in batches and answers their ids in the order of `rows`. RETURNING does not promise
 * row order (SQLite says so outright), so ids are matched back through a key unique in the batch.
 */
async function insertReturningIds<T extends object>(
  rows: T[],
  keyOf: (row: T) => string,
  insert: (batch: T[]) => Promise<Array<{ id: number; key: string }>>,
): Promise<number[]> {
  const ids = new Map<string, number>();
  for (const batch of chunks(rows)) {
    for (const r of await insert(batch)) ids.set(r.key, Number(r.id));
  }
  return rows.map((r) => {
    const id = ids.get(keyOf(r));
    if (id === undefined) throw new Error(`demo seed: no id came back for ${keyOf(r)}`);
    return id;
  });
}

async function insertAll<T extends object>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (const batch of chunks(rows)) await insert(batch);
}

async function isSeeded(db: Kysely<DB>): Promise<boolean> {
  const marker = await db
    .selectFrom('site_settings')
    .select('key')
    .where('site_id', '=', DEMO_MARKER.site_id)
    .where('key', '=', DEMO_MARKER.key)
    .executeTakeFirst();
  return marker !== undefined;
}

/**
 * Fills an empty portal with believable demo content for both sites, every time relative to
 * `opts.now`. Idempotent: a marker row in site_settings (site 0, key `demo_seeded`) means it has
 * run, and then it does nothing. Everything, marker included, goes in one transaction. Site
 * settings and pages that already exist are left as they are.
 */
export async function seedDemo(db: Kysely<DB>, opts: { now: number }): Promise<{ seeded: boolean }> {
  if (await isSeeded(db)) return { seeded: false };
  const plan = buildDemoPlan(opts.now);
  try {
    return await db.transaction().execute(async (trx) => {
      if (await isSeeded(trx)) return { seeded: false };
      // The marker goes first: a concurrent seeder then blocks on its primary key and fails.
      await trx
        .insertInto('site_settings')
        .values({
          ...DEMO_MARKER,
          value: JSON.stringify({ seeded_at: Math.floor(opts.now), version: 1 }),
          updated_at: Math.floor(opts.now),
        })
        .execute();
      await insertPlan(trx, plan);
      await awardDemoMvpTerms(trx, opts.now);
      // The demo content is findable at once, in the same transaction (decision 039).
      for (const source of SEARCH_SOURCES) await reindexKind(trx, source);
      return { seeded: true };
    });
  } catch (error) {
    // Lost the race to another seeder: its marker is there now, and so is its content.
    if (await isSeeded(db).catch(() => false)) return { seeded: false };
    throw error;
  }
}

/** The demo's MVPs hold a term of this year (decision 044), so the MVP page lists them by year. */
async function awardDemoMvpTerms(trx: Transaction<DB>, now: number): Promise<void> {
  const start = Math.floor(now);
  const end = termEnd(start);
  const grants = await trx.selectFrom('user_roles').select(['id', 'user_id']).where('role', '=', 'mvp').execute();
  for (const grant of grants) {
    await trx.updateTable('user_roles').set({ expires_at: end }).where('id', '=', grant.id).execute();
  }
  const members = [...new Set(grants.map((g) => g.user_id))];
  if (members.length === 0) return;
  await trx
    .insertInto('mvp_awards')
    .values(
      members.map((user_id) => ({
        user_id,
        year: awardYear(start),
        starts_at: start,
        ends_at: end,
        application_id: null,
        created_at: start,
      })),
    )
    .execute();
}

async function insertPlan(trx: Transaction<DB>, plan: DemoPlan): Promise<void> {
  // Dictionaries first: members, posts and moderator roles point at them.
  const dictRows = plan.sites.flatMap((s) => s.dictionaries);
  const dictIds = await insertReturningIds(
    dictRows,
    (r) => `${r.site_id}:${r.kind}:${r.value}`,
    async (batch) =>
      (await trx.insertInto('dictionaries').values(batch).returning(['id', 'site_id', 'kind', 'value']).execute()).map(
        (r) => ({
          id: r.id,
          key: `${r.site_id}:${r.kind}:${r.value}`,
        }),
      ),
  );
  const dictId = new Map(dictRows.map((r, i) => [`${r.site_id}:${r.kind}:${r.label}`, dictIds[i]!]));
  const dict = (siteId: number, kind: string, label: string) => {
    const id = dictId.get(`${siteId}:${kind}:${label}`);
    if (id === undefined) throw new Error(`demo seed: no ${kind} '${label}' on site ${siteId}`);
    return id;
  };

  const userRows = plan.members.map((m) => ({ ...m.row, industry_id: dict(m.siteId, 'industry', m.industry) }));
  const userIdList = await insertReturningIds(
    userRows,
    (r) => r.email ?? '',
    async (batch) =>
      (await trx.insertInto('users').values(batch).returning(['id', 'email']).execute()).map((r) => ({
        id: r.id,
        key: r.email ?? '',
      })),
  );
  const userId = new Map(plan.members.map((m, i) => [m.key, userIdList[i]!]));
  const user = (key: string) => {
    const id = userId.get(key);
    if (id === undefined) throw new Error(`demo seed: no member '${key}'`);
    return id;
  };

  const activityIds: number[][] = [];
  const topicIds: number[][] = [];
  const articleIds: number[][][] = [];
  const postIds: number[][] = [];

  for (const s of plan.sites) {
    const siteId = s.site.tws_id;

    activityIds.push(
      await insertReturningIds(
        s.activities.map((a) => a.row),
        (r) => r.title,
        async (batch) =>
          (await trx.insertInto('activities').values(batch).returning(['id', 'title']).execute()).map((r) => ({
            id: r.id,
            key: r.title,
          })),
      ),
    );
    const events = activityIds[activityIds.length - 1]!;

    if (s.questionnaire) {
      const q = s.questionnaire;
      const at = s.activities[q.event]!.row.created_at;
      const row = await trx
        .insertInto('questionnaires')
        .values({
          site_id: siteId,
          owner_kind: 'event',
          owner_id: events[q.event]!,
          title: q.title,
          description: q.description,
          opens_at: q.opens_at,
          closes_at: q.closes_at,
          created_by: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('questionnaire_questions')
        .values(
          q.questions.map((question, sort) => ({
            questionnaire_id: Number(row.id),
            sort,
            kind: question.kind,
            title: question.title,
            required: question.required ? 1 : 0,
            options: JSON.stringify(question.options),
          })),
        )
        .execute();
    }

    await insertAll(
      s.banners.map((b) => ({
        site_id: siteId,
        title: b.title,
        image_url: b.image_url,
        link_url:
          'event' in b.link
            ? `/${s.site.prefix}/activity/info/${events[b.link.event]}`
            : `/${s.site.prefix}/${b.link.path}`,
        sort: b.sort,
        starts_at: null,
        ends_at: null,
        created_at: b.created_at,
      })),
      (batch) => trx.insertInto('banners').values(batch).execute(),
    );

    const topics = await insertReturningIds(
      s.topics.map((tp) => tp.row),
      (r) => r.title,
      async (batch) =>
        (await trx.insertInto('topics').values(batch).returning(['id', 'title']).execute()).map((r) => ({
          id: r.id,
          key: r.title,
        })),
    );
    topicIds.push(topics);

    // Decision 030: the registering event of each site with the most free seats belongs to the
    // site's first topic, so the topic's activities page shows one a member can sign up for.
    const freeSeats = (a: PlannedSite['activities'][number]) => (a.row.capacity ?? 0) - (a.row.signup_count ?? 0);
    const attached = s.activities.reduce(
      (best, a, i) =>
        a.state === 'registering' && (best < 0 || freeSeats(a) > freeSeats(s.activities[best]!)) ? i : best,
      -1,
    );
    if (attached >= 0 && topics.length) {
      await trx.updateTable('activities').set({ topic_id: topics[0]! }).where('id', '=', events[attached]!).execute();
    }

    const articleRows = s.topics.flatMap((tp, ti) =>
      tp.articles.map((a) => ({ ...a.row, topic_id: topics[ti]!, author_id: user(a.author) })),
    );
    const flatArticleIds = await insertReturningIds(
      articleRows,
      (r) => r.title,
      async (batch) =>
        (await trx.insertInto('topic_articles').values(batch).returning(['id', 'title']).execute()).map((r) => ({
          id: r.id,
          key: r.title,
        })),
    );
    let next = 0;
    articleIds.push(s.topics.map((tp) => tp.articles.map(() => flatArticleIds[next++]!)));

    postIds.push(
      await insertReturningIds(
        s.posts.map((x) => ({
          ...x.row,
          author_id: user(x.author),
          board_id: dict(siteId, 'board', x.board),
          industry_id: dict(siteId, 'industry', x.industry),
          scene_id: dict(siteId, 'scene', x.scene),
        })),
        (r) => r.title,
        async (batch) =>
          (await trx.insertInto('posts').values(batch).returning(['id', 'title']).execute()).map((r) => ({
            id: r.id,
            key: r.title,
          })),
      ),
    );

    await insertComments(trx, s, siteId, postIds[postIds.length - 1]!, user);

    // A demo expert's fields of expertise (the experts directory's filter): the scenes of the site
    // they write about, at most three. A real expert names theirs in the expert application.
    const fields = new Map<number, Set<number>>();
    for (const x of s.posts) {
      if (x.row.is_expert !== EXPERT_FLAG.expert) continue;
      const mine = fields.get(user(x.author)) ?? new Set<number>();
      if (mine.size < 3) mine.add(dict(siteId, 'scene', x.scene));
      fields.set(user(x.author), mine);
    }
    await insertAll(
      [...fields].flatMap(([user_id, ids]) => [...ids].map((field_id) => ({ user_id, field_id }))),
      (batch) => trx.insertInto('expert_fields').values(batch).execute(),
    );

    await insertAll(s.journals, (batch) => trx.insertInto('journals').values(batch).execute());
    await insertAll(s.cooperation, (batch) => trx.insertInto('cooperation_pages').values(batch).execute());

    // Settings and pages have natural keys another part of the product may have written already.
    const haveSettings = new Set(
      (await trx.selectFrom('site_settings').select('key').where('site_id', '=', siteId).execute()).map((r) => r.key),
    );
    await insertAll(
      s.settings.filter((r) => !haveSettings.has(r.key)),
      (batch) => trx.insertInto('site_settings').values(batch).execute(),
    );
    const havePages = new Set(
      (await trx.selectFrom('pages').select('slug').where('site_id', '=', siteId).execute()).map((r) => r.slug),
    );
    await insertAll(
      s.pages.filter((r) => !havePages.has(r.slug)),
      (batch) => trx.insertInto('pages').values(batch).execute(),
    );
  }

  // A topic of the same key on both sites is one topic in two languages: its versions share a group
  // (the first site's id), so an article's other_lang version is filed under it there.
  const topicGroups = new Map<string, number[]>();
  plan.sites.forEach((s, si) =>
    s.topics.forEach((tp, ti) => topicGroups.set(tp.key, [...(topicGroups.get(tp.key) ?? []), topicIds[si]![ti]!])),
  );
  for (const ids of topicGroups.values()) {
    if (ids.length < 2) continue;
    await trx.updateTable('topics').set({ lang_group_id: ids[0]! }).where('id', 'in', ids).execute();
  }

  const siteIndex = new Map<number, number>(plan.sites.map((s, i) => [s.site.tws_id, i]));
  const roleRows: Insertable<UserRolesTable>[] = plan.members.flatMap((m) =>
    m.roles.map((r) => {
      const si = siteIndex.get(m.siteId)!;
      const scope_id = r.board
        ? dict(m.siteId, 'board', r.board)
        : r.topic
          ? topicIds[si]![plan.sites[si]!.topics.findIndex((tp) => tp.key === r.topic)]!
          : null;
      return { user_id: user(m.key), role: r.role, site_id: r.siteId, scope_id, created_at: r.created_at };
    }),
  );
  await insertAll(roleRows, (batch) => trx.insertInto('user_roles').values(batch).execute());

  const sourceOf = (siteId: number, ref: SourceRef | null): PointSource | null => {
    if (!ref) return null;
    const si = siteIndex.get(siteId)!;
    if (ref.kind === 'post') return { kind: 'post', id: postIds[si]![ref.index]! };
    if (ref.kind === 'activity') return { kind: 'activity', id: activityIds[si]![ref.index]! };
    return { kind: 'topic_article', id: articleIds[si]![ref.topic]![ref.article]! };
  };
  // The ledger and every member's total are the points module's to write.
  await recordHistory(
    trx,
    plan.ledger.map((l) => ({
      userId: user(l.member),
      siteId: l.siteId,
      rule: l.rule,
      amount: l.amount,
      source: sourceOf(l.siteId, l.source),
      createdAt: l.created_at,
    })),
  );
}

/** The demo threads under posts: comments, their replies, and a question's accepted answer. */
async function insertComments(
  trx: Transaction<DB>,
  s: DemoPlan['sites'][number],
  siteId: number,
  postIds: number[],
  user: (key: string) => number,
): Promise<void> {
  for (const [index, post] of s.posts.entries()) {
    const postId = postIds[index]!;
    for (const c of post.comments) {
      const top = await trx
        .insertInto('post_comments')
        .values({
          post_id: postId,
          site_id: siteId,
          author_id: user(c.author),
          parent_id: null,
          reply_to_user_id: null,
          content: c.content,
          like_count: c.like_count,
          reply_count: c.replies.length,
          created_at: c.created_at,
          updated_at: c.created_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (c.replies.length) {
        await trx
          .insertInto('post_comments')
          .values(
            c.replies.map((r) => ({
              post_id: postId,
              site_id: siteId,
              author_id: user(r.author),
              parent_id: top.id,
              reply_to_user_id: r.replyTo ? user(r.replyTo) : null,
              content: r.content,
              created_at: r.created_at,
              updated_at: r.created_at,
            })),
          )
          .execute();
      }
      if (c.accepted && post.row.type === 20) {
        await trx.updateTable('posts').set({ accepted_comment_id: top.id }).where('id', '=', postId).execute();
      }
    }
  }
}
