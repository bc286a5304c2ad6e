// Exits 0 when the PostgreSQL server for the test suite answers, 1 otherwise.
import pg from 'pg';

const client = new pg.Client({
  connectionString: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  connectionTimeoutMillis: 3000,
});
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
  process.exit(0);
} catch {
  process.exit(1);
}
