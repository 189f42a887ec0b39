import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from './test-app.ts';

/**
 * Tables whose rows change on requests that are refused, legitimately: rate-limit counters and
 * sessions (sliding expiry, sign-out). Kysely's own bookkeeping never changes after migrating.
 */
const VOLATILE = new Set(['counter', 'session', 'kysely_migration', 'kysely_migration_lock']);

/** Every table of the test database (its own schema on PostgreSQL). */
async function tableNames(t: TestApp): Promise<string[]> {
  const { rows } =
    t.engine === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(t.db);
  return rows.map((row) => row.name).sort();
}

let cachedTables: { t: TestApp; names: Promise<string[]> } | undefined;

/**
 * A cheap summary of every table's contents (row count and a hash of the rows), so a test can
 * say "this request changed no row". New tables are included without anyone listing them.
 */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  if (cachedTables?.t !== t) cachedTables = { t, names: tableNames(t) };
  const names = (await cachedTables.names).filter((name) => !VOLATILE.has(name));
  const parts = await Promise.all(
    names.map(async (name) => {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
        t.db,
      );
      const lines = rows.map((row) => JSON.stringify(row)).sort();
      const hash = createHash('sha1').update(lines.join('\n')).digest('hex').slice(0, 12);
      return [name, `${rows.length}:${hash}`] as const;
    }),
  );
  return Object.fromEntries(parts);
}
