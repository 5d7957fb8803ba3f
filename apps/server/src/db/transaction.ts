import type { Database } from './client.js';

/** The handle a transaction callback gets: the same query API as `Database`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What repository methods run on: the database, or an open transaction. */
export type Executor = Database | Transaction;

/**
 * Runs `work` in one transaction. Services get this instead of the database,
 * so the rules stay in the service and the SQL in repositories.
 */
export type RunInTransaction = <T>(
  work: (tx: Transaction) => Promise<T>,
) => Promise<T>;

export function transactionRunner(db: Database): RunInTransaction {
  return (work) => db.transaction(work);
}
