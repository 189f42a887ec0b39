import type { Kysely, Migration } from 'kysely';

// Frozen: never edit after release. One row per uploaded image: who uploaded it (an address for
// visitors, an account for signed-in users) and whether a registration has claimed it. Visitors'
// unclaimed uploads are counted per address and swept after two hours (decision 008).
export const uploads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('upload')
      .addColumn('name', 'text', (c) => c.primaryKey())
      // The uploader's address for a visitor's upload; null for a signed-in user's.
      .addColumn('uploaderIp', 'text')
      // The account that uploaded it, or the one whose registration claimed it. No foreign key:
      // a deleted account's images stay as they are (a blog thumbnail outlives its author).
      .addColumn('userId', 'text')
      // Epoch milliseconds, like the rate-limit counters: compared as numbers on both engines.
      .addColumn('uploadedAt', 'bigint', (c) => c.notNull())
      // Null while a visitor's upload waits for its registration; set once claimed (and at once
      // for a signed-in user's upload). Unclaimed rows are the only ones ever swept.
      .addColumn('claimedAt', 'bigint')
      .execute();
    // Unclaimed uploads from one address in the last hour (the per-address cap).
    await db.schema
      .createIndex('upload_unclaimed_by_ip_idx')
      .on('upload')
      .columns(['uploaderIp', 'claimedAt', 'uploadedAt'])
      .execute();
    // Unclaimed uploads everywhere in the last hour (the ceiling), and the oldest ones (the sweep).
    await db.schema
      .createIndex('upload_unclaimed_idx')
      .on('upload')
      .columns(['claimedAt', 'uploadedAt'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('upload').execute();
  },
};
