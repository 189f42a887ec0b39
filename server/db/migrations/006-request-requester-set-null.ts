import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Deleting an account must not delete the requests another
// donor accepted or completed (docs/decisions/004-deleted-accounts-keep-others-records.md): the
// requester becomes nullable and ON DELETE SET NULL (as the donor already was), and the email,
// erased when the account goes, nullable too. PostgreSQL alters the column and the constraint in
// place; SQLite cannot change a foreign key, so the table is rebuilt with the same name, columns,
// checks and every index of 004-requests.

const REQUESTER_FK = 'donationRequest_requesterId_fkey'; // PostgreSQL's name for 004's column FK

const COLUMNS = [
  'id',
  'requesterId',
  'requesterName',
  'requesterEmail',
  'recipientName',
  'bloodGroup',
  'division',
  'district',
  'upazila',
  'hospitalName',
  'fullAddress',
  'donationDate',
  'donationTime',
  'requestMessage',
  'status',
  'donorId',
  'donorName',
  'donorEmail',
  'createdAt',
  'updatedAt',
];

const INDEXES: Array<[string, string[]]> = [
  ['donation_request_requester_idx', ['requesterId', 'createdAt', 'id']],
  ['donation_request_requester_status_idx', ['requesterId', 'status', 'createdAt', 'id']],
  ['donation_request_open_idx', ['status', 'donationDate', 'donationTime', 'id']],
  ['donation_request_status_created_idx', ['status', 'createdAt', 'id']],
  ['donation_request_created_idx', ['createdAt', 'id']],
  ['donation_request_blood_group_idx', ['bloodGroup']],
  ['donation_request_donor_idx', ['donorId']],
];

/** SQLite: the table as 004 made it, but for the requester's nullability and delete rule. */
async function rebuildSqlite(db: Kysely<unknown>, requesterKept: boolean) {
  await db.schema
    .createTable('donationRequest_new')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('requesterId', 'text', (c) =>
      requesterKept
        ? c.references('user.id').onDelete('set null')
        : c.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('requesterName', 'text', (c) => c.notNull())
    .addColumn('requesterEmail', 'text', (c) => (requesterKept ? c : c.notNull()))
    .addColumn('recipientName', 'text', (c) => c.notNull())
    .addColumn('bloodGroup', 'text', (c) =>
      c.notNull().check(sql`"bloodGroup" in ('A+','A-','B+','B-','AB+','AB-','O+','O-')`),
    )
    .addColumn('division', 'text', (c) => c.notNull())
    .addColumn('district', 'text', (c) => c.notNull())
    .addColumn('upazila', 'text')
    .addColumn('hospitalName', 'text', (c) => c.notNull())
    .addColumn('fullAddress', 'text', (c) => c.notNull())
    .addColumn('donationDate', 'text', (c) => c.notNull())
    .addColumn('donationTime', 'text', (c) => c.notNull())
    .addColumn('requestMessage', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`"status" in ('pending', 'inprogress', 'done', 'cancel')`),
    )
    .addColumn('donorId', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('donorName', 'text')
    .addColumn('donorEmail', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  const columns = sql.join(COLUMNS.map((name) => sql.ref(name)));
  await sql`insert into "donationRequest_new" (${columns}) select ${columns} from "donationRequest"`.execute(
    db,
  );
  // Nothing references donationRequest, so dropping it with foreign keys on deletes nothing else.
  await db.schema.dropTable('donationRequest').execute();
  await db.schema.alterTable('donationRequest_new').renameTo('donationRequest').execute();
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on('donationRequest').columns(columns).execute();
  }
}

export const requestRequesterSetNull = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    if (engine === 'sqlite') return rebuildSqlite(db, true);
    await db.schema
      .alterTable('donationRequest')
      .alterColumn('requesterId', (c) => c.dropNotNull())
      .execute();
    await db.schema
      .alterTable('donationRequest')
      .alterColumn('requesterEmail', (c) => c.dropNotNull())
      .execute();
    await db.schema.alterTable('donationRequest').dropConstraint(REQUESTER_FK).execute();
    await db.schema
      .alterTable('donationRequest')
      .addForeignKeyConstraint(REQUESTER_FK, ['requesterId'], 'user', ['id'], (c) =>
        c.onDelete('set null'),
      )
      .execute();
  },
  async down(db: Kysely<unknown>) {
    // Under 004 the requests of a deleted requester went with them; so they go now.
    await sql`delete from "donationRequest" where "requesterId" is null`.execute(db);
    if (engine === 'sqlite') return rebuildSqlite(db, false);
    await db.schema.alterTable('donationRequest').dropConstraint(REQUESTER_FK).execute();
    await db.schema
      .alterTable('donationRequest')
      .addForeignKeyConstraint(REQUESTER_FK, ['requesterId'], 'user', ['id'], (c) =>
        c.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .alterTable('donationRequest')
      .alterColumn('requesterEmail', (c) => c.setNotNull())
      .execute();
    await db.schema
      .alterTable('donationRequest')
      .alterColumn('requesterId', (c) => c.setNotNull())
      .execute();
  },
});
