import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 14's lifecycle told through issue 13's notifications:
// four more kinds (a donor withdrew, a request expired, a requester should confirm, staff removed
// a request), so the kind CHECK of 017-notifications admits them.
//
// PostgreSQL replaces the CHECK in place. SQLite cannot change a CHECK, so the table is rebuilt
// from its own stored definition with every index it had; no other table refers to it.

const OLD_KINDS = `('match-alert', 'request-accepted', 'request-done', 'request-canceled', 'donation-done', 'donation-reminder', 'eligible-again')`;
const NEW_KINDS = `('match-alert', 'request-accepted', 'request-done', 'request-canceled', 'donation-done', 'donation-reminder', 'eligible-again', 'request-withdrawn', 'request-expired', 'request-confirm-due', 'request-removed')`;
/** PostgreSQL's name for the column CHECK of 017-notifications. */
const KIND_CHECK = 'notification_kind_check';

async function rebuildKindCheckSqlite(db: Kysely<unknown>, from: string, to: string) {
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_schema where type = 'table' and name = 'notification'`.execute(db);
  const create = rows[0]?.sql ?? '';
  if (create.split(from).length !== 2) {
    throw new Error(`notification's kind CHECK is not ${from}; refusing to rebuild it.`);
  }
  const rebuilt = create
    .replace(from, to)
    .replace(/^CREATE TABLE\s+("notification"|notification)/i, 'CREATE TABLE "notification_new"');
  if (!rebuilt.includes('"notification_new"')) throw new Error('Unexpected notification table.');
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_schema
    where type = 'index' and tbl_name = 'notification' and sql is not null`.execute(db);
  await sql.raw(rebuilt).execute(db);
  await sql`insert into "notification_new" select * from "notification"`.execute(db);
  await sql`drop table "notification"`.execute(db);
  await sql`alter table "notification_new" rename to "notification"`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

async function replaceKindCheckPostgres(db: Kysely<unknown>, kinds: string) {
  await sql`alter table "notification" drop constraint ${sql.ref(KIND_CHECK)}`.execute(db);
  await sql`alter table "notification" add constraint ${sql.ref(KIND_CHECK)} check ("kind" in ${sql.raw(kinds)})`.execute(
    db,
  );
}

export const lifecycleNotifications = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    if (engine === 'sqlite') await rebuildKindCheckSqlite(db, OLD_KINDS, NEW_KINDS);
    else await replaceKindCheckPostgres(db, NEW_KINDS);
  },
  async down(db: Kysely<unknown>) {
    // The new kinds' rows cannot stay under the old CHECK.
    await sql`delete from "notification" where "kind" not in ${sql.raw(OLD_KINDS)}`.execute(db);
    if (engine === 'sqlite') await rebuildKindCheckSqlite(db, NEW_KINDS, OLD_KINDS);
    else await replaceKindCheckPostgres(db, OLD_KINDS);
  },
});
