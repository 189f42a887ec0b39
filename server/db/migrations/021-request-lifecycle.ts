import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 14, trust and the rest of a request's life:
//
// - a new status, `expired` (a pending request whose date passed; an in-progress one nobody
//   confirmed in time), so the status CHECK admits it;
// - who verified a request and when (the name and id as they were: like the audit log, the
//   record outlives the account, so no foreign key);
// - the count of open reports (a request with REPORTS_TO_HIDE of them leaves the public list)
//   and when the last came, for the staff queue;
// - staff removal (when, by whom, why);
// - when the requester was asked to confirm an in-progress request past its date.
//
// PostgreSQL replaces the CHECK in place. SQLite cannot change a CHECK, so the table is rebuilt
// from its own stored definition (whatever columns other migrations added), with every index it
// had. Dropping the old table would let other tables' foreign keys act on their rows (SET NULL,
// CASCADE), so those rows are kept aside and put back: nothing outside this table changes.

const OLD_STATUSES = `('pending', 'inprogress', 'done', 'cancel')`;
const NEW_STATUSES = `('pending', 'inprogress', 'done', 'cancel', 'expired')`;
/** PostgreSQL's name for the column CHECK of 004-requests. */
const STATUS_CHECK = 'donationRequest_status_check';

const COLUMNS: Array<[string, 'text' | 'timestamp' | 'counter']> = [
  ['verifiedAt', 'timestamp'],
  ['verifiedById', 'text'],
  ['verifiedByName', 'text'],
  ['openReports', 'counter'],
  ['lastReportedAt', 'timestamp'],
  ['removedAt', 'timestamp'],
  ['removedById', 'text'],
  ['removedReason', 'text'],
  ['confirmationAskedAt', 'timestamp'],
];

interface Child {
  table: string;
  column: string;
  onDelete: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** SQLite: rebuilds donationRequest with its status CHECK listing `to` instead of `from`. */
async function rebuildStatusCheckSqlite(db: Kysely<unknown>, from: string, to: string) {
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_schema where type = 'table' and name = 'donationRequest'`.execute(db);
  const create = rows[0]?.sql ?? '';
  if (create.split(from).length !== 2) {
    throw new Error(`donationRequest's status CHECK is not ${from}; refusing to rebuild it.`);
  }
  const rebuilt = create
    .replace(from, to)
    .replace(
      /^CREATE TABLE\s+("donationRequest"|donationRequest)/i,
      'CREATE TABLE "donationRequest_new"',
    );
  if (rebuilt === create.replace(from, to))
    throw new Error('Unexpected donationRequest definition.');

  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_schema
    where type = 'index' and tbl_name = 'donationRequest' and sql is not null`.execute(db);
  const children = await sql<Child>`
    select m.name as "table", p."from" as "column", p.on_delete as "onDelete"
    from sqlite_schema as m, pragma_foreign_key_list(m.name) as p
    where m.type = 'table' and p."table" = 'donationRequest' and m.name <> 'donationRequest'`.execute(
    db,
  );

  // What the drop's implicit delete would do to other tables, kept aside to be undone.
  const kept: Array<{ child: Child; temp: string }> = [];
  for (const [i, child] of children.rows.entries()) {
    const temp = `keep_donation_request_child_${i}`;
    const table = quote(child.table);
    const column = quote(child.column);
    if (child.onDelete === 'SET NULL') {
      await sql
        .raw(
          `create temp table ${temp} as select rowid as rid, ${column} as val from ${table} where ${column} is not null`,
        )
        .execute(db);
    } else if (child.onDelete === 'CASCADE') {
      await sql
        .raw(`create temp table ${temp} as select * from ${table} where ${column} is not null`)
        .execute(db);
    } else {
      // NO ACTION / RESTRICT: the drop fails on any such row (nothing is lost); say why first.
      const { rows: used } = await sql
        .raw<{ n: number }>(`select count(*) as n from ${table} where ${column} is not null`)
        .execute(db);
      if (Number(used[0]?.n ?? 0) > 0) {
        throw new Error(`${child.table}.${child.column} refers to requests; cannot rebuild.`);
      }
      continue;
    }
    kept.push({ child, temp });
  }

  await sql.raw(rebuilt).execute(db);
  await sql`insert into "donationRequest_new" select * from "donationRequest"`.execute(db);
  await sql`drop table "donationRequest"`.execute(db);
  await sql`alter table "donationRequest_new" rename to "donationRequest"`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);

  for (const { child, temp } of kept) {
    const table = quote(child.table);
    const column = quote(child.column);
    if (child.onDelete === 'SET NULL') {
      await sql
        .raw(
          `update ${table} set ${column} = (select val from ${temp} where rid = ${table}.rowid) where rowid in (select rid from ${temp})`,
        )
        .execute(db);
    } else {
      await sql.raw(`insert into ${table} select * from ${temp}`).execute(db);
    }
    await sql.raw(`drop table ${temp}`).execute(db);
  }
}

/** PostgreSQL: the status CHECK replaced in place. */
async function replaceStatusCheckPostgres(db: Kysely<unknown>, statuses: string) {
  await sql`alter table "donationRequest" drop constraint ${sql.ref(STATUS_CHECK)}`.execute(db);
  await sql`alter table "donationRequest" add constraint ${sql.ref(STATUS_CHECK)} check ("status" in ${sql.raw(statuses)})`.execute(
    db,
  );
}

const INDEXES = {
  /** The public list filtered to verified requests: pending, not past, soonest first. */
  verifiedOpen: 'donation_request_verified_open_idx',
  /** The staff queue: requests with open reports, most reported first, then latest report. */
  reported: 'donation_request_reported_idx',
  /** A donor's history: their done requests, latest first. */
  donorHistory: 'donation_request_donor_history_idx',
};

export const requestLifecycle = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    if (engine === 'sqlite') await rebuildStatusCheckSqlite(db, OLD_STATUSES, NEW_STATUSES);
    else await replaceStatusCheckPostgres(db, NEW_STATUSES);

    const ts = engine === 'postgres' ? 'timestamptz' : 'text';
    // One column per statement: SQLite alters a table one column at a time.
    for (const [name, kind] of COLUMNS) {
      await db.schema
        .alterTable('donationRequest')
        .addColumn(
          name,
          kind === 'timestamp' ? ts : kind === 'counter' ? 'integer' : 'text',
          (c) => (kind === 'counter' ? c.notNull().defaultTo(0) : c),
        )
        .execute();
    }
    await db.schema
      .createIndex(INDEXES.verifiedOpen)
      .on('donationRequest')
      .columns(['status', 'donationDate', 'donationTime', 'id'])
      .where(sql.ref('verifiedAt'), 'is not', null)
      .execute();
    await db.schema
      .createIndex(INDEXES.reported)
      .on('donationRequest')
      .columns(['openReports', 'lastReportedAt', 'id'])
      .where(sql.ref('openReports'), '>', 0)
      .execute();
    await db.schema
      .createIndex(INDEXES.donorHistory)
      .on('donationRequest')
      .columns(['donorId', 'status', 'donationDate', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const name of Object.values(INDEXES)) await db.schema.dropIndex(name).execute();
    for (const [name] of [...COLUMNS].reverse()) {
      await db.schema.alterTable('donationRequest').dropColumn(name).execute();
    }
    // Before 021 a request whose date passed simply stayed pending, and a closed one unconfirmed
    // was still in progress; neither can be told apart now, so expired ones read as canceled.
    await sql`update "donationRequest" set "status" = 'cancel' where "status" = 'expired'`.execute(
      db,
    );
    if (engine === 'sqlite') await rebuildStatusCheckSqlite(db, NEW_STATUSES, OLD_STATUSES);
    else await replaceStatusCheckPostgres(db, OLD_STATUSES);
  },
});
