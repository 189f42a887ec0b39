/**
 * SQLite-only operations for backup and restore (PostgreSQL has pg_dump and pg_restore). They
 * open the file with better-sqlite3 directly: they must not migrate or create a database, only
 * read one that is there.
 */
import BetterSqlite3 from 'better-sqlite3';
import { SQLITE_PRAGMAS } from '../db/dialect.ts';

export interface DatabaseSummary {
  /** Migrations the database has applied, in order. */
  migrations: string[];
  /** Rows of the tables that hold what people entered. */
  rows: Record<string, number>;
}

/** The tables counted in a backup's manifest (and checked again after a restore). */
const COUNTED_TABLES = ['user', 'donationRequest', 'upload', 'session'] as const;

/**
 * Writes a consistent copy of the live database at `source` to `target` while the server keeps
 * writing. VACUUM INTO reads inside one read transaction, which WAL lets run beside writers, and
 * never blocks them. (The online backup API copies page by page and starts over whenever another
 * process writes, so under steady load it may never finish; a file copy could catch a half-written
 * page or miss the WAL.)
 */
export function snapshotSqlite(source: string, target: string): void {
  const db = new BetterSqlite3(source, { fileMustExist: true });
  try {
    db.pragma(`busy_timeout = ${SQLITE_PRAGMAS.busy_timeout}`);
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
}

/**
 * Checks a database file that nothing else uses (a snapshot, a restored file): PRAGMA
 * integrity_check and foreign_key_check must be clean. Answers what it holds.
 */
export function checkSqliteFile(file: string): DatabaseSummary {
  const db = new BetterSqlite3(file, { fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    const problems = integrity.map((row) => row.integrity_check).filter((text) => text !== 'ok');
    if (problems.length) {
      throw new Error(`the database is damaged: ${problems.slice(0, 5).join('; ')}`);
    }
    const orphans = db.pragma('foreign_key_check') as unknown[];
    if (orphans.length) {
      throw new Error(`the database has ${orphans.length} rows pointing at missing rows`);
    }
    const migrations = (
      db.prepare('select name from kysely_migration order by name').all() as Array<{
        name: string;
      }>
    ).map((row) => row.name);
    const rows: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      const exists = db
        .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
        .get(table);
      if (exists) {
        rows[table] = (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
      }
    }
    return { migrations, rows };
  } finally {
    db.close();
  }
}
