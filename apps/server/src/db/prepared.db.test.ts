import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../../test/test-app';
import { PREPARED, statementName } from './prepared';

// A statement marked `PREPARED` is a named statement on its connection (decision 051): parsed once,
// and planned once when PostgreSQL keeps its generic plan; every other statement stays unnamed.

let t: TestApp;

beforeAll(async () => {
  if (testDb === 'postgres') t = await createTestApp();
});
afterAll(async () => t?.close());

interface Prepared {
  name: string;
  statement: string;
}

describe.runIf(testDb === 'postgres')('statements prepared once per connection', () => {
  it('names a marked statement by its text and leaves the others unnamed', async () => {
    await t.database.db.transaction().execute(async (trx) => {
      for (const n of [1, 2, 3]) {
        const marked = await sql<{ n: number }>`${sql.raw(PREPARED)}select ${n}::int as n`.execute(trx);
        expect(marked.rows).toEqual([{ n }]);
        await sql`select ${n}::int as unmarked`.execute(trx);
      }
      const { rows } = await sql<Prepared>`
        select name, statement from pg_prepared_statements where statement like '%::int as %'`.execute(trx);
      const text = `${PREPARED}select $1::int as n`;
      expect(rows).toEqual([{ name: statementName(text), statement: text }]);
    });
  });
});
