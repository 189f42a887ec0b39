import { type Kysely, type Migration, type SqlBool, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 27 (decision 030): a request asks for 1 to 10 bags of
// one blood component, with an urgency, and each donor who accepts pledges one bag.
//
// - donationRequest gains `bags`, `component`, `urgency`, and `urgencyRank` (critical 0, urgent
//   1, scheduled 2: the public list's first sort key, kept beside the urgency on every write);
//   `bagsPledged` (standing pledges: pledged or donated) and `bagsDonated`, kept in the pledge's
//   own transaction, so the public list never reads the pledges.
// - donationPledge: one donor's pledge of one bag. The donor's name and email are kept as the
//   request keeps its donor's (the id turns null, the email is erased, once the account goes).
//   At most one standing pledge per donor and request: a unique partial index, on both engines.
//
// Existing rows are one bag of whole blood, scheduled. A request with a donor gets that donor's
// pledge (its id the request's, as its donation's is): donated when the request is done, else
// pledged. When the donor accepted is not stored; the request's last change stands for it.
//
// The public lists of open requests (all, and verified) now list a request while a bag is open:
// pending, or in progress with fewer pledges than bags. Their indexes become partial indexes of
// exactly those rows, in the list's order (urgencyRank, donationDate, donationTime, id), ending
// with the columns their filters read so the counts read the index alone.

const OPEN = 'donation_request_open_idx';
const VERIFIED_OPEN = 'donation_request_verified_open_idx';
const OLD_KEY = ['status', 'donationDate', 'donationTime', 'id', 'reportHiddenAt'];
/** The list's order, then what its filter reads, so that a count reads the index alone. */
const NEW_KEY = [
  'urgencyRank',
  'donationDate',
  'donationTime',
  'id',
  'reportHiddenAt',
  'status',
  'bagsPledged',
  'bags',
];
/**
 * The rows the open lists read (the repository's query states the same terms): pending or in
 * progress, said as "none of the closed statuses", which no other index can search by, so that
 * SQLite's planner walks this index in the list's order rather than search the status index and
 * sort.
 */
const HAS_OPEN_BAG = sql<SqlBool>`"status" not in ('done', 'cancel', 'expired') and "bagsPledged" < "bags"`;

const COMPONENTS = `('whole_blood', 'red_cells', 'platelets', 'plasma')`;
const URGENCIES = `('critical', 'urgent', 'scheduled')`;
const PLEDGE_STATUSES = `('pledged', 'donated', 'no_show', 'withdrawn')`;

const NEW_COLUMNS = ['bags', 'component', 'urgency', 'urgencyRank', 'bagsPledged', 'bagsDonated'];

async function dropOpenIndexes(db: Kysely<unknown>) {
  await db.schema.dropIndex(OPEN).execute();
  await db.schema.dropIndex(VERIFIED_OPEN).execute();
}

export const requestBags = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      const table = () => db.schema.alterTable('donationRequest');
      await table()
        .addColumn('bags', 'integer', (c) =>
          c.notNull().defaultTo(1).check(sql`"bags" between 1 and 10`),
        )
        .execute();
      await table()
        .addColumn('component', 'text', (c) =>
          c
            .notNull()
            .defaultTo('whole_blood')
            .check(sql`"component" in ${sql.raw(COMPONENTS)}`),
        )
        .execute();
      await table()
        .addColumn('urgency', 'text', (c) =>
          c
            .notNull()
            .defaultTo('scheduled')
            .check(sql`"urgency" in ${sql.raw(URGENCIES)}`),
        )
        .execute();
      await table()
        .addColumn('urgencyRank', 'integer', (c) => c.notNull().defaultTo(2))
        .execute();
      await table()
        .addColumn('bagsPledged', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await table()
        .addColumn('bagsDonated', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('donationPledge')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('requestId', 'text', (c) =>
          c.notNull().references('donationRequest.id').onDelete('cascade'),
        )
        .addColumn('donorId', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('donorName', 'text', (c) => c.notNull())
        .addColumn('donorEmail', 'text')
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`"status" in ${sql.raw(PLEDGE_STATUSES)}`),
        )
        .addColumn('pledgedAt', ts, (c) => c.notNull())
        .addColumn('settledAt', ts)
        .execute();
      // A request's pledges, earliest first (also the cascade's lookup).
      await db.schema
        .createIndex('donation_pledge_request_idx')
        .on('donationPledge')
        .columns(['requestId', 'pledgedAt', 'id'])
        .execute();
      // One standing pledge per donor and request; the same race is refused by the database.
      await db.schema
        .createIndex('donation_pledge_standing_idx')
        .on('donationPledge')
        .columns(['requestId', 'donorId'])
        .unique()
        .where(sql.ref('status'), 'in', ['pledged', 'donated'])
        .execute();
      // A donor's pledges (SET NULL and erasing the email when the account goes).
      await db.schema
        .createIndex('donation_pledge_donor_idx')
        .on('donationPledge')
        .column('donorId')
        .execute();

      await sql`
        insert into "donationPledge" ("id", "requestId", "donorId", "donorName", "donorEmail",
          "status", "pledgedAt", "settledAt")
        select "id", "id", "donorId", "donorName", "donorEmail",
          case when "status" = 'done' then 'donated' else 'pledged' end,
          "updatedAt",
          case when "status" = 'done' then "updatedAt" else null end
        from "donationRequest"
        where "donorName" is not null`.execute(db);
      await sql`
        update "donationRequest" set "bagsPledged" = 1,
          "bagsDonated" = case when "status" = 'done' then 1 else 0 end
        where "donorName" is not null`.execute(db);

      await dropOpenIndexes(db);
      await db.schema
        .createIndex(OPEN)
        .on('donationRequest')
        .columns(NEW_KEY)
        .where(HAS_OPEN_BAG)
        .execute();
      await db.schema
        .createIndex(VERIFIED_OPEN)
        .on('donationRequest')
        .columns(NEW_KEY)
        .where(sql<SqlBool>`${HAS_OPEN_BAG} and "verifiedAt" is not null`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await dropOpenIndexes(db);
      await db.schema.createIndex(OPEN).on('donationRequest').columns(OLD_KEY).execute();
      await db.schema
        .createIndex(VERIFIED_OPEN)
        .on('donationRequest')
        .columns(OLD_KEY)
        .where(sql.ref('verifiedAt'), 'is not', null)
        .execute();
      await db.schema.dropTable('donationPledge').execute();
      for (const column of NEW_COLUMNS.reverse()) {
        await db.schema.alterTable('donationRequest').dropColumn(column).execute();
      }
    },
  };
};
