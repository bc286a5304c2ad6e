import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createStorage } from '../lib/storage';
import { BENCH_ISSUE_NUMBER_FROM, readJournalFacts, seedBenchJournal, type JournalTopUpResult } from './bench-journal';
import { seedJournalDemo } from './demo-journal';
import { seedDemo } from './seed-demo';

const NOW = Date.UTC(2026, 10, 27, 9, 30, 0);

describe('bench e-magazine', () => {
  let t: TestApp;
  let seeded: JournalTopUpResult;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(db(), { now: NOW });
    await seedJournalDemo(db(), await createStorage(t.config.storage, t.config.uploadsDir), { now: NOW });
    seeded = await seedBenchJournal(db(), { issues: 41, articles: 1203, now: NOW });
  });
  afterAll(async () => t?.close());

  const bulk = () =>
    db().selectFrom('journal_issues').selectAll().where('number', '>=', BENCH_ISSUE_NUMBER_FROM).execute();

  it('adds the issues and every article once, over both sites, each issue with its site’s PDF and categories', async () => {
    expect(seeded).toMatchObject({ issuesInserted: 41, articlesInserted: 1203 });
    expect(await seedBenchJournal(db(), { issues: 41, articles: 1203, now: NOW })).toMatchObject({
      issuesInserted: 0,
      articlesInserted: 0,
    });
    const issues = await bulk();
    expect(issues).toHaveLength(41);
    expect(issues.filter((i) => i.site_id === 1)).toHaveLength(21);
    const categories = await db().selectFrom('journal_categories').select(['id', 'site_id']).execute();
    const pdfs = await db()
      .selectFrom('journal_issues')
      .select(['site_id', 'pdf_attachment_id'])
      .where('number', '<', BENCH_ISSUE_NUMBER_FROM)
      .execute();
    for (const i of issues) {
      expect(categories.find((c) => c.id === i.category_id)?.site_id).toBe(i.site_id);
      expect(pdfs.some((p) => p.site_id === i.site_id && p.pdf_attachment_id === i.pdf_attachment_id)).toBe(true);
      expect(i.publish_at).toBeLessThan(NOW);
    }
    const articles = await db()
      .selectFrom('journal_articles')
      .select(['issue_id', 'sort', 'author_id', 'author_name'])
      .where(
        'issue_id',
        'in',
        issues.map((i) => i.id),
      )
      .execute();
    expect(articles).toHaveLength(1203);
    for (const i of issues) {
      const mine = articles.filter((a) => a.issue_id === i.id);
      expect(mine.length, `issue ${i.id}`).toBeGreaterThan(0);
      expect(i.article_count, `issue ${i.id}'s count`).toBe(mine.length);
      expect(mine.map((a) => a.sort).sort((a, b) => a - b)).toEqual(mine.map((_, k) => k));
    }
    expect(articles.every((a) => (a.author_id === null) === (a.author_name !== ''))).toBe(true);
  });

  it('answers the newest public issue of each site and the same random public issues for the same seed', async () => {
    const facts = await readJournalFacts(db(), { detailIssues: 10, now: NOW });
    const all = await db().selectFrom('journal_issues').selectAll().execute();
    for (const site of [1, 2]) {
      const open = all
        .filter((i) => i.site_id === site && i.published === 1 && i.publish_at <= NOW)
        .sort((a, b) => b.publish_at - a.publish_at || b.id - a.id);
      expect(facts.newest[site]).toEqual({ id: open[0]!.id, title: open[0]!.title });
      expect(facts.issues[site]).toHaveLength(10);
      const ids = new Set(open.map((i) => i.id));
      for (const ref of facts.issues[site]!) expect(ids.has(ref.id), `issue ${ref.id}`).toBe(true);
    }
    expect(await readJournalFacts(db(), { detailIssues: 10, now: NOW })).toEqual(facts);
  });
});
