import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ensureLegalPages } from './legal-pages';

const NOW = Date.UTC(2026, 10, 25, 12);

describe('ensureLegalPages on a database from before the terms and privacy pages', () => {
  let t: TestApp;
  const pages = () =>
    t.database.db
      .selectFrom('pages')
      .select(['site_id', 'slug', 'title', 'updated_at'])
      .orderBy('site_id')
      .orderBy('slug')
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('adds the missing pages in each site’s language, keeps what staff wrote, and adds nothing the second time', async () => {
    await t.database.db
      .insertInto('pages')
      .values([
        { site_id: 1, slug: 'about', title: '关于', body_html: '<p>关于</p>', updated_at: 1 },
        { site_id: 2, slug: 'privacy', title: 'Our privacy', body_html: '<p>Ours</p>', updated_at: 2 },
      ])
      .execute();

    expect(await ensureLegalPages(t.database.db, { now: NOW })).toEqual({ inserted: 3 });
    expect(await pages()).toEqual([
      { site_id: 1, slug: 'about', title: '关于', updated_at: 1 },
      { site_id: 1, slug: 'privacy', title: '隐私政策', updated_at: NOW },
      { site_id: 1, slug: 'terms', title: '用户协议', updated_at: NOW },
      { site_id: 2, slug: 'privacy', title: 'Our privacy', updated_at: 2 },
      { site_id: 2, slug: 'terms', title: 'Terms of Use', updated_at: NOW },
    ]);

    const before = await pages();
    expect(await ensureLegalPages(t.database.db, { now: NOW + 1000 })).toEqual({ inserted: 0 });
    expect(await pages()).toEqual(before);
  });
});
