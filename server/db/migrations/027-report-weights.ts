import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 25: reports are weighed, not counted
// (docs/decisions/024-reports-weighed-not-counted.md), and one chain of alert waves per request.
//
// - requestReport.weight: what the report weighed when it was made (the reporter's standing);
// - donationRequest.reportWeight: the sum of the open reports' weights whose reporters are still
//   active, kept in the transaction of every change that moves it;
// - donationRequest.reportHiddenAt: set while those reports hide the request (never a verified
//   one). The public lists end their indexes with it, in place of openReports, so they still read
//   the index alone;
// - donationRequest.alertWaves: how many waves of the request's one chain have gone out, and
//   alertWaveKey: the dedupe key of the wave job the chain waits on (null: the first chain's
//   next, `alert-wave:<id>:<alertWaves + 1>`), so a withdrawal finds the chain instead of
//   starting a second one;
// - a report's reporter and time in one index, for the daily cap per account;
// - two notification kinds: a requester's request is under review, staff are asked to review.
//
// Reports made before this weigh 3 each (three of them hid a request; 3 × 3 = 9, the threshold),
// and those of blocked or deleted reporters stop counting at once.

const WEIGHT_BEFORE = 3;
const WEIGHT_TO_HIDE = 9;

const OPEN = 'donation_request_open_idx';
const VERIFIED_OPEN = 'donation_request_verified_open_idx';
const KEY = ['status', 'donationDate', 'donationTime', 'id'];
const REPORTER = 'request_report_reporter_idx';
const REPORTER_DAY = 'request_report_reporter_created_idx';

const OLD_KINDS = `('match-alert', 'request-accepted', 'request-done', 'request-canceled', 'donation-done', 'donation-reminder', 'eligible-again', 'request-withdrawn', 'request-expired', 'request-confirm-due', 'request-removed')`;
const NEW_KINDS = `('match-alert', 'request-accepted', 'request-done', 'request-canceled', 'donation-done', 'donation-reminder', 'eligible-again', 'request-withdrawn', 'request-expired', 'request-confirm-due', 'request-removed', 'request-under-review', 'report-review')`;
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

async function rebuildOpenIndexes(db: Kysely<unknown>, columns: string[]) {
  await db.schema.dropIndex(OPEN).execute();
  await db.schema.createIndex(OPEN).on('donationRequest').columns(columns).execute();
  await db.schema.dropIndex(VERIFIED_OPEN).execute();
  await db.schema
    .createIndex(VERIFIED_OPEN)
    .on('donationRequest')
    .columns(columns)
    .where(sql.ref('verifiedAt'), 'is not', null)
    .execute();
}

export const reportWeights = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('requestReport')
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('donationRequest')
        .addColumn('reportWeight', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('donationRequest').addColumn('reportHiddenAt', ts).execute();
      await db.schema
        .alterTable('donationRequest')
        .addColumn('alertWaves', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('donationRequest').addColumn('alertWaveKey', 'text').execute();

      await sql`update "requestReport" set "weight" = ${WEIGHT_BEFORE}`.execute(db);
      await sql`
        update "donationRequest" set "reportWeight" = (
          select coalesce(sum("requestReport"."weight"), 0) from "requestReport"
          join "user" on "user"."id" = "requestReport"."reporterId"
          where "requestReport"."requestId" = "donationRequest"."id"
            and "requestReport"."status" = 'open' and "user"."status" = 'active')
        where "openReports" > 0`.execute(db);
      await sql`
        update "donationRequest" set "reportHiddenAt" = "lastReportedAt"
        where "reportWeight" >= ${WEIGHT_TO_HIDE} and "verifiedAt" is null`.execute(db);
      // Waves already sent, as the alerts recorded them (a wave that alerted nobody left none).
      await sql`
        update "donationRequest" set "alertWaves" = (
          select coalesce(max("requestAlert"."wave"), 0) from "requestAlert"
          where "requestAlert"."requestId" = "donationRequest"."id")`.execute(db);

      await rebuildOpenIndexes(db, [...KEY, 'reportHiddenAt']);
      // The daily cap counts one reporter's reports since a time; its prefix serves the foreign
      // key's lookup as the old index did.
      await db.schema.dropIndex(REPORTER).execute();
      await db.schema
        .createIndex(REPORTER_DAY)
        .on('requestReport')
        .columns(['reporterId', 'createdAt'])
        .execute();

      if (engine === 'sqlite') await rebuildKindCheckSqlite(db, OLD_KINDS, NEW_KINDS);
      else await replaceKindCheckPostgres(db, NEW_KINDS);
    },
    async down(db: Kysely<unknown>) {
      await sql`delete from "notification" where "kind" not in ${sql.raw(OLD_KINDS)}`.execute(db);
      if (engine === 'sqlite') await rebuildKindCheckSqlite(db, NEW_KINDS, OLD_KINDS);
      else await replaceKindCheckPostgres(db, OLD_KINDS);
      await db.schema.dropIndex(REPORTER_DAY).execute();
      await db.schema.createIndex(REPORTER).on('requestReport').column('reporterId').execute();
      await rebuildOpenIndexes(db, [...KEY, 'openReports']);
      for (const column of ['alertWaveKey', 'alertWaves', 'reportHiddenAt', 'reportWeight']) {
        await db.schema.alterTable('donationRequest').dropColumn(column).execute();
      }
      await db.schema.alterTable('requestReport').dropColumn('weight').execute();
    },
  };
};
