import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../../../test/test-app';
import { indexedDocument } from './search-index';
import { createSearchReaders } from './search-readers';
import { sqliteSearchEngine } from './sqlite-search-engine';
import { queryTerms } from './tokenizer';

// The search readers of a SQLite file (decision 047) answer in the order they were asked: a search
// that has to wait for a reader waits behind those asked before it, never behind later ones. The
// pool's default put a waiting search back at the end of the queue each time a reader freed up, so
// under a steady load a few waited for seconds while the rest went by.

let t: TestApp;

beforeAll(async () => {
  if (testDb !== 'sqlite') return;
  t = await createTestApp();
  await sqliteSearchEngine.put(
    t.database.db,
    Array.from({ length: 50 }, (_, i) =>
      indexedDocument({
        kind: 'post',
        item_id: 1_000 + i,
        site_id: 1,
        audience: 0,
        parent_id: 0,
        title: `分布式存储 ${i}`,
        body: 'Ceph snapshots',
        published_at: Date.UTC(2026, 10, 1) + i,
      }),
    ),
  );
});
afterAll(async () => t?.close());

describe.runIf(testDb === 'sqlite')('the search readers', () => {
  it('answer the searches waiting for a reader first come, first served', async () => {
    const { database } = t.config;
    if (database.kind !== 'sqlite') throw new Error('a SQLite file is needed');
    const readers = createSearchReaders({ file: database.file, threads: 1 });
    try {
      const query = { siteId: 1, terms: queryTerms('存储'), partner: false, now: Date.now(), limit: 10 };
      const answered: number[] = [];
      const found = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          readers.find(query).then((result) => {
            answered.push(i);
            return result.hits.length;
          }),
        ),
      );
      expect(found).toEqual(Array(12).fill(10));
      expect(answered).toEqual([...Array(12).keys()]);
    } finally {
      await readers.close();
    }
  });
});
