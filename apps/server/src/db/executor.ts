import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * What a repository or a platform service runs its queries on: the database, or the transaction of the
 * service that called it, so that a change and everything written with it commit or fail together.
 */
export type Executor = Kysely<DB> | Transaction<DB>;
