import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../lib/storage';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedDemo } from './seed-demo';
import { seedJournalDemo } from './demo-journal';

describe('the e-magazine’s demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('adds both sites’ issues with articles and a real PDF each, served to readers, and nothing the second time', async () => {
    const now = Date.now();
    await seedDemo(t.database.db, { now });
    const storage = await createStorage(t.config.storage, t.config.uploadsDir);
    expect(await seedJournalDemo(t.database.db, storage, { now })).toEqual({ seeded: true });
    expect(await seedJournalDemo(t.database.db, storage, { now })).toEqual({ seeded: false });

    const issues = await t.database.db.selectFrom('journal_issues').selectAll().orderBy('id').execute();
    expect(issues.map((i) => i.site_id)).toEqual([1, 1, 1, 2, 2, 2]);
    expect(issues.filter((i) => i.partner_only === 1)).toHaveLength(2);
    const articles = await t.database.db.selectFrom('journal_articles').selectAll().execute();
    expect(articles.length).toBeGreaterThanOrEqual(12);
    expect(articles.some((a) => a.author_id !== null)).toBe(true);
    expect(articles.some((a) => a.author_id === null && a.author_name !== '')).toBe(true);

    const open = issues.find((i) => i.site_id === 2 && i.partner_only === 0)!;
    const pdf = await t.app.inject({ method: 'GET', url: `/journal/pdf/${open.id}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeLessThan(8_000);
    const list = await t.call('/api/ebook/get_ebook_list', {}, { headers: { cookie: 'siteData=2' } });
    expect(list.json().data.list.map((i: { teb_number: number }) => i.teb_number)).toEqual([3, 2, 1]);
  });
});
