import { type Kysely, sql } from 'kysely';
import { type Engine, toIso } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { family, sample } from './prometheus-text.ts';

/**
 * Whether the background-job table (the outbox and schedule: `job`, one row per piece of work)
 * exists in this database. It arrives with its own migration; until then there is no backlog to
 * report. Once seen it stays (tables are not dropped under a running server). Asked of this
 * schema's catalog by name: Kysely's introspection read every table of every schema, which on a
 * PostgreSQL shared with other schemas being dropped at the time failed (a 500 from the metrics,
 * seen with three test files at once) and grew with the database.
 */
function jobTableDetector(db: Kysely<Database>, engine: Engine) {
  let seen = false;
  return async () => {
    if (seen) return true;
    const { rows } =
      engine === 'postgres'
        ? await sql<{ found: number }>`
            select 1 as found from information_schema.tables
            where table_schema = current_schema() and table_name = 'job'`.execute(db)
        : await sql<{ found: number }>`
            select 1 as found from sqlite_master where type = 'table' and name = 'job'`.execute(db);
    seen = rows.length > 0;
    return seen;
  };
}

/**
 * Metrics of the job table: rows by status, how many are due and waiting (the backlog), and how
 * long the oldest due one has waited. Empty until the table exists. Raw SQL, because the table's
 * types belong to the feature that owns it.
 */
export function jobsBacklog(db: Kysely<Database>, engine: Engine) {
  const hasJobTable = jobTableDetector(db, engine);
  return async (now = new Date()): Promise<string> => {
    if (!(await hasJobTable())) return '';
    const byStatus = await sql<{ status: string; n: number | string }>`
      select "status", count(*) as n from "job" group by "status"`.execute(db);
    const due = await sql<{ n: number | string; oldest: Date | string | null }>`
      select count(*) as n, min("runAt") as oldest from "job"
      where "status" = 'pending' and "runAt" <= ${now.toISOString()}`.execute(db);
    const dueRow = due.rows[0];
    const oldest = dueRow?.oldest ? toIso(dueRow.oldest) : null;
    const waited = oldest ? Math.max(0, (now.getTime() - Date.parse(oldest)) / 1000) : 0;
    return (
      family(
        'redhope_jobs',
        'gauge',
        'Background jobs (outbox and schedule) by status.',
        byStatus.rows.map((row) => sample('redhope_jobs', { status: row.status }, Number(row.n))),
      ) +
      family(
        'redhope_jobs_due',
        'gauge',
        'Jobs due and not yet claimed by a worker: the backlog.',
        [sample('redhope_jobs_due', {}, Number(dueRow?.n ?? 0))],
      ) +
      family(
        'redhope_jobs_oldest_due_seconds',
        'gauge',
        'How long the oldest due, unclaimed job has waited (0 when none).',
        [sample('redhope_jobs_oldest_due_seconds', {}, waited)],
      )
    );
  };
}
