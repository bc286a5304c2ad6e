import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

describe('site dictionaries', () => {
  it("lists a site's industries in order, each site its own", async () => {
    const zh = (await t.call('/api/protal/api/dict/list', { kind: 'industry' })).json().data.list;
    const en = (await t.call('/api/protal_en/api/dict/list', { kind: 'industry' })).json().data.list;
    expect(zh.length).toBeGreaterThan(0);
    expect(en.length).toBeGreaterThan(0);
    expect(/[\u4e00-\u9fff]/.test(zh[0].label)).toBe(true);
    expect(/[\u4e00-\u9fff]/.test(en[0].label)).toBe(false);
    const rows = await t.database.db
      .selectFrom('dictionaries')
      .select(['id', 'label'])
      .where('site_id', '=', 1)
      .where('kind', '=', 'industry')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    expect(zh).toEqual(rows.map((r) => ({ label: r.label, value: r.id })));
  });

  it('answers every kind the forms need', async () => {
    for (const kind of ['industry', 'scene', 'source', 'area', 'board']) {
      const res = await t.call('/api/protal_en/api/dict/list', { kind });
      expect(res.statusCode, kind).toBe(200);
      expect(res.json().data.list.length, kind).toBeGreaterThan(0);
    }
  });

  it('refuses an unknown kind or a missing one, naming the field', async () => {
    for (const body of [{ kind: 'users' }, {}, { kind: 'industry', extra: 1 }]) {
      const res = await t.call('/api/protal/api/dict/list', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(40001);
      expect(['kind', 'extra']).toContain(res.json().data.field);
    }
  });
});
