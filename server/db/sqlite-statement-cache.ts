import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** How many prepared statements a SQLite connection keeps (the app has a few dozen shapes). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The `database` Kysely's SqliteDialect is given: better-sqlite3's, keeping prepared statements
 * by their SQL text. Kysely's driver asks its database to prepare every query anew, so SQLite
 * parsed and planned the same text on every request: 65 µs of a donor search's CPU at 1M donors,
 * ~15% (decision 032). The least recently used statement is dropped past STATEMENT_CACHE_SIZE.
 * A kept statement follows schema changes: SQLite prepares it again by itself when the schema
 * it was planned on changed (a migration).
 */
export function withStatementCache(
  sqlite: BetterSqlite3.Database,
  size = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText) {
      let statement = statements.get(sqlText);
      if (statement) {
        statements.delete(sqlText); // set again below: a Map keeps insertion order, the recency
      } else {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}
