import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../lib/storage';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedDemo } from './seed-demo';
import { seedCooperationDemo } from './demo-cooperation';

describe('cooperation’s demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('adds linked programmes and cases on both sites with real files, some for partners only, and nothing the second time', async () => {
    const now = Date.now();
    await seedDemo(t.database.db, { now });
    const storage = await createStorage(t.config.storage, t.config.uploadsDir);
    expect(await seedCooperationDemo(t.database.db, storage, { now })).toEqual({ seeded: true });
    expect(await seedCooperationDemo(t.database.db, storage, { now })).toEqual({ seeded: false });

    const list = await t.call('/api/protal_en/api/cooperate/list', { kind: 'programme' });
    const programmes = list.json().data.list as Array<{ id: number; title: string; partner_file_count: number }>;
    expect(programmes).toHaveLength(6);
    expect(programmes[0]!.title).toBe('Solution partner programme');
    expect(programmes[5]!.title).toBe('Channel distribution');
    // The base demo's programmes are linked to their other language too.
    const base = await t.call('/api/protal_en/api/cooperate/info', { id: programmes[1]!.id });
    expect(base.json().data.versions).toHaveLength(1);
    const info = await t.call('/api/protal_en/api/cooperate/info', { id: programmes[0]!.id });
    const page = info.json().data as {
      versions: Array<{ tws_id: number; id: number }>;
      files: Array<{ url: string; partner_only: boolean }>;
    };
    expect(page.versions).toHaveLength(1);
    expect(page.versions[0]!.tws_id).toBe(1);
    const open = page.files.find((f) => !f.partner_only)!;
    const partnersOnly = page.files.find((f) => f.partner_only)!;
    const served = await t.app.inject({ method: 'GET', url: open.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ method: 'GET', url: partnersOnly.url })).statusCode).toBe(401);
    const zh = await t.call('/api/protal/api/cooperate/list', { kind: 'case' });
    expect(zh.json().data.list).toHaveLength(1);
    const partners = await t.call('/api/protal/api/cooperate/partners', {});
    expect(partners.json().data.list).toHaveLength(2);
  });
});
