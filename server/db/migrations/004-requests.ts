import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Blood donation requests. Every index is shaped like one
// list query: equality columns first, then the sort columns (see DESIGN.md, Data conventions).
export const requests = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('donationRequest')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('requesterId', 'text', (c) =>
          c.notNull().references('user.id').onDelete('cascade'),
        )
        .addColumn('requesterName', 'text', (c) => c.notNull())
        .addColumn('requesterEmail', 'text', (c) => c.notNull())
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
        .addColumn('createdAt', ts, (c) => c.notNull())
        .addColumn('updatedAt', ts, (c) => c.notNull())
        .execute();
      const index = (name: string, columns: string[]) =>
        db.schema.createIndex(name).on('donationRequest').columns(columns).execute();
      // My requests (and recent), newest first, with and without a status filter.
      await index('donation_request_requester_idx', ['requesterId', 'createdAt', 'id']);
      await index('donation_request_requester_status_idx', [
        'requesterId',
        'status',
        'createdAt',
        'id',
      ]);
      // Public list: pending and not past, soonest first.
      await index('donation_request_open_idx', ['status', 'donationDate', 'donationTime', 'id']);
      // All requests (staff), newest first, with and without a status filter.
      await index('donation_request_status_created_idx', ['status', 'createdAt', 'id']);
      await index('donation_request_created_idx', ['createdAt', 'id']);
      // Stats by blood group; the donor foreign key (ON DELETE SET NULL looks rows up by it).
      await index('donation_request_blood_group_idx', ['bloodGroup']);
      await index('donation_request_donor_idx', ['donorId']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('donationRequest').execute();
    },
  };
};
