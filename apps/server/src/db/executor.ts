import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * What repositories and platform services run their queries on: the database, or the caller's
 * transaction, so that a service's change and everything it records commit together.
 */
export type Executor = Kysely<DB> | Transaction<DB>;
