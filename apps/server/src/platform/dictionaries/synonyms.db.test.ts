import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { forgetSynonyms, SYNONYMS_TTL_MS, synonymGroups } from './synonyms';

// A server keeps a site's synonym groups for a few seconds (decision 051): an edit made by another
// server, straight in the database here, shows once that time has passed; one made through this
// server's back office at once (search.routes.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(() => vi.useRealTimers());

describe('synonym groups', () => {
  it('are read again after their time, or at once when forgotten', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const db = t.database.db;
    const siteId = 2;
    const add = (label: string, value: number) =>
      db.insertInto('dictionaries').values({ site_id: siteId, kind: 'synonym', label, value, created_at: 0 }).execute();
    const before = await synonymGroups(db, siteId);
    await add('petabyte, PB', 9001);
    expect(await synonymGroups(db, siteId)).toEqual(before);
    vi.advanceTimersByTime(SYNONYMS_TTL_MS + 1);
    expect(await synonymGroups(db, siteId)).toEqual([...before, ['petabyte', 'PB']]);
    await add('exabyte；EB、艾字节', 9002);
    forgetSynonyms(db);
    expect(await synonymGroups(db, siteId)).toEqual([...before, ['petabyte', 'PB'], ['exabyte', 'EB', '艾字节']]);
  });
});
