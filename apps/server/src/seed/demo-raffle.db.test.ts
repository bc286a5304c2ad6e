import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedRaffleDemo } from './demo-raffle';

describe('the raffle’s demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('adds one running campaign with prizes on each site, shown on its raffle page, and nothing the second time', async () => {
    const now = Date.now();
    expect(await seedRaffleDemo(t.database.db, { now })).toEqual({ seeded: true });
    expect(await seedRaffleDemo(t.database.db, { now })).toEqual({ seeded: false });
    for (const site of ['protal', 'protal_en']) {
      const res = await t.call(`/api/${site}/api/raffle/current`, {});
      const data = res.json().data as { campaign: { trc_state: string; trc_chance_price: number }; prizes: unknown[] };
      expect(data.campaign).toMatchObject({ trc_state: 'running', trc_chance_price: 20, trc_daily_chances: 1 });
      expect(data.prizes).toHaveLength(4);
    }
  });
});
