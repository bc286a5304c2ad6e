import { REVIEW_STATUS } from '@portal/contracts/constants';
import { POST_TYPE } from '@portal/contracts/discussions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hotScore } from '../features/discussions/hot-score';
import { readBenchFacts, titlesStartingWith, topUpPosts, type TopUpResult } from './bench-posts';

const NOW = Date.UTC(2026, 10, 21, 15, 37, 12);

describe('bench posts', () => {
  let t: TestApp;
  let demoPosts: number;
  let lastDemoId: number;
  let first: TopUpResult;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    demoPosts = Number(
      (
        await t.database.db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', REVIEW_STATUS.approved)
          .executeTakeFirstOrThrow()
      ).n,
    );
    lastDemoId = Number(
      (
        await t.database.db
          .selectFrom('posts')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id,
    );
    first = await topUpPosts(t.database.db, { posts: demoPosts + 2001, now: NOW });
  });

  afterAll(async () => {
    await t.close();
  });

  const bulk = () => t.database.db.selectFrom('posts').selectAll().where('id', '>', lastDemoId).execute();

  it('tops the published posts up to the number asked, in batches past one insert, sites alternating', async () => {
    expect(first.inserted).toBe(2001);
    expect(first.published).toBe(demoPosts + 2001);
    expect((await bulk()).filter((p) => p.site_id === 1)).toHaveLength(1001);
  });

  it('adds nothing when the posts are already there', async () => {
    const again = await topUpPosts(t.database.db, { posts: demoPosts + 2001, now: NOW });
    expect(again).toMatchObject({ inserted: 0, published: demoPosts + 2001 });
  });

  it("files every post under its own site's board, industry and scene, with the product's hot score", async () => {
    const dictionary = new Map(
      (await t.database.db.selectFrom('dictionaries').select(['id', 'site_id', 'kind']).execute()).map((d) => [
        d.id,
        d,
      ]),
    );
    const posts = await bulk();
    for (const p of posts) {
      for (const [column, kind] of [
        ['board_id', 'board'],
        ['industry_id', 'industry'],
        ['scene_id', 'scene'],
      ] as const) {
        expect(dictionary.get(p[column]!), `${column} of ${p.title}`).toMatchObject({ site_id: p.site_id, kind });
      }
      expect(p.hot_score).toBe(hotScore(p.created_at, { ...p, favourite_count: 0 }));
      expect(p.last_activity_at).toBe(p.created_at);
      expect(p.created_at).toBeLessThanOrEqual(NOW);
    }
    expect(new Set(posts.map((p) => p.board_id)).size).toBeGreaterThan(2);
  });

  it('leaves about one question in three unanswered', async () => {
    const questions = (await bulk()).filter((p) => p.type === POST_TYPE.question);
    const unanswered = questions.filter((p) => p.answer_count === 0).length / questions.length;
    expect(unanswered).toBeGreaterThan(0.25);
    expect(unanswered).toBeLessThan(0.45);
  });

  it('answers the hottest posts in the hot list order and the same random pick for the same seed', async () => {
    const facts = await readBenchFacts(t.database.db, { detailPosts: 50 });
    const top = await t.database.db
      .selectFrom('posts')
      .select(['id', 'title'])
      .where('site_id', '=', 1)
      .where('status', '=', REVIEW_STATUS.approved)
      .where('hidden', '=', 0)
      .where('deleted_at', 'is', null)
      .orderBy('hot_score', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    expect(facts.hottest).toEqual(top);
    expect(facts.boardId, 'the board post-add files its posts under').toEqual(expect.any(Number));
    expect(facts.random).toHaveLength(50);
    expect(new Set(facts.random.map((p) => p.id)).size).toBe(50);
    expect((await readBenchFacts(t.database.db, { detailPosts: 50 })).random).toEqual(facts.random);
    expect(facts.busiestBoardId).not.toBeNull();
    expect(facts.industryId).not.toBeNull();
  });

  it('finds the posts whose title starts with a prefix, wildcards in it taken literally', async () => {
    const found = await titlesStartingWith(t.database.db, 'backup: buying notes (#');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((title) => title.startsWith('backup: buying notes (#'))).toBe(true);
    expect(await titlesStartingWith(t.database.db, 'backup%buying')).toEqual([]);
  });
});
