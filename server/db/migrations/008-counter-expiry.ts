import { type Kysely, type Migration, sql } from 'kysely';

// Frozen: never edit after release. Rate-limit counters kept one row per key forever; each row
// now carries the end of its window, and rows whose window has ended are swept.
export const counterExpiry: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('counter')
      .addColumn('expiresAt', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    // Rows already there keep a day (longer than any window we use), then go.
    await sql`update counter set "expiresAt" = "windowStart" + 86400000`.execute(db);
    await db.schema.createIndex('counter_expires_idx').on('counter').column('expiresAt').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('counter_expires_idx').execute();
    await db.schema.alterTable('counter').dropColumn('expiresAt').execute();
  },
};
