import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Marks a statement PostgreSQL should prepare once per connection: a query whose SQL starts with it
 * is sent as a named statement, so that it is parsed once and, after five runs, may keep the generic
 * plan PostgreSQL chose (decision 051). Only for statements whose best plan does not depend on their
 * values, such as the search's walk along the primary key: a statement that the planner should fit
 * to its values (a text-search key through the GIN index, rare or common) stays unnamed, planned on
 * every run. The marked statements must be a few fixed texts (values as parameters): each one stays
 * prepared on every connection that ran it.
 */
export const PREPARED = '/* prepared */ ';

/** The name a connection knows a marked statement by: its SQL's digest, so one text is one statement. */
export function statementName(text: string): string {
  return `p_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * Sends a connection's queries that start with `PREPARED` as named statements (Kysely sends every
 * query as `query(text, values)`, unnamed); everything else goes as it came.
 */
export function prepareMarked(client: Pick<pg.ClientBase, 'query'>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values, ...rest] = args;
    if (typeof text !== 'string' || !text.startsWith(PREPARED) || typeof values === 'function') return query(...args);
    return query({ name: statementName(text), text, values }, ...rest);
  }) as pg.ClientBase['query'];
}
