import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from './test-app.ts';

/**
 * Tables whose rows change on requests that are refused, legitimately: rate-limit counters and
 * sessions (sliding expiry, sign-out). Kysely's own bookkeeping never changes after migrating.
 */
const VOLATILE = new Set(['counter', 'session', 'kysely_migration', 'kysely_migration_lock']);
/**
 * Reference data loaded by the seed, which no endpoint writes: counted, not hashed (it is most
 * of the rows, and fuzzing takes a fingerprint per request).
 */
const REFERENCE = new Set(['division', 'district', 'upazila']);

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

/** One query that summarises every table, built once per test app. */
async function buildQuery(t: TestApp) {
  const all = (await tableNames(t)).filter((name) => !VOLATILE.has(name));
  const counted = all
    .filter((name) => REFERENCE.has(name))
    .map(
      (name) =>
        sql`select ${name} as name, ${sql.raw(
          t.engine === 'postgres' ? "count(*)::text || ':'" : "count(*) || ':'",
        )} as print from ${sql.table(name)}`,
    );
  const names = all.filter((name) => !REFERENCE.has(name));
  if (t.engine === 'postgres') {
    // Hashed by the server.
    const perTable = names.map(
      (name) => sql`select ${name}::text as name, count(*)::text || ':' ||
        md5(coalesce(string_agg(r::text, E'\n' order by r::text), '')) as print
        from ${sql.table(name)} r`,
    );
    return sql.join([...counted, ...perTable], sql` union all `);
  }
  // SQLite has no hash function: one text per table (every row, quoted, in rowid order, which
  // an update keeps), hashed here.
  const perTable = await Promise.all(
    names.map(async (name) => {
      const { rows } = await sql<{
        name: string;
      }>`select name from pragma_table_info(${name})`.execute(t.db);
      const line = sql.join(
        rows.map((column) => sql`quote(${sql.ref(column.name)})`),
        sql` || ',' || `,
      );
      return sql`select ${name} as name, count(*) || ':' ||
        coalesce(group_concat(line, char(10)), '') as print
        from (select ${line} as line from ${sql.table(name)} order by rowid)`;
    }),
  );
  return sql.join([...counted, ...perTable], sql` union all `);
}

let cached: { t: TestApp; query: ReturnType<typeof buildQuery> } | undefined;

/**
 * A summary of every table's contents (row count and a hash of the rows), so a test can say
 * "this request changed no row". New tables are included without anyone listing them.
 */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  if (cached?.t !== t) cached = { t, query: buildQuery(t) };
  const { rows } = await sql<{ name: string; print: string }>`${await cached.query}`.execute(t.db);
  return Object.fromEntries(
    rows.map((row) => [
      row.name,
      row.print.length > 64
        ? `${row.print.split(':')[0]}:${createHash('sha1').update(row.print).digest('hex')}`
        : row.print,
    ]),
  );
}
