import type { QueryExecutor } from 'kysely';

/**
 * Reads that can run at once, without Kysely's connection hand-over: SQLite's one connection,
 * when no one holds it (server/db/dialect.ts registers it). A read run there gives the very rows
 * Kysely's driver would (the same prepared statement, the same parameters), only without the
 * queue and promise hops around it (issue 10: the public reads' cost outside SQL; decision 023).
 */
export type ReadNow = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

const readers = new WeakMap<QueryExecutor, ReadNow>();

/** Lets the reads of this executor (a root Kysely's, not a transaction's) run at once. */
export function allowReadNow(executor: QueryExecutor, reader: ReadNow): void {
  readers.set(executor, reader);
}

/** The reader an executor was allowed (a test records the statements it runs). */
export function readerOf(executor: QueryExecutor): ReadNow | undefined {
  return readers.get(executor);
}

/**
 * The rows of a read statement, run at once when this executor allows it and its connection
 * is free; undefined when it must go through Kysely (PostgreSQL, a transaction, a busy
 * connection, a statement that is not a read).
 */
export function readNow(
  executor: QueryExecutor,
  sql: string,
  parameters: readonly unknown[],
): unknown[] | undefined {
  return readers.get(executor)?.(sql, parameters);
}
