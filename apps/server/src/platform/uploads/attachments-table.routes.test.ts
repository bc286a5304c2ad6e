import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountsHarness } from '../../../test/accounts-harness';

describe('the attachments table (migration 0007)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores an attachment per owner under a unique key, sizes beyond 32 bits included', async () => {
    const member = await accountsHarness(t).registerMember();
    const row = {
      owner_id: member.id,
      title: 'report.pdf',
      storage: 1,
      mime: 'application/pdf',
      kind: 'file',
      created_at: Date.now(),
      access_key: 'report-access-key-00001',
    };
    const { id } = await t.database.db
      .insertInto('attachments')
      .values({ ...row, storage_key: 'attachments/2026/11/22/1-a.pdf', size: 5_000_000_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stored = await t.database.db
      .selectFrom('attachments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.size)).toBe(5_000_000_000);
    await expect(
      t.database.db
        .insertInto('attachments')
        .values({ ...row, storage_key: 'attachments/2026/11/22/1-a.pdf', size: 1 })
        .execute(),
    ).rejects.toThrow();
  });
});
