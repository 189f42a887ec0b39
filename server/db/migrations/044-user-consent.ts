import type { Kysely, Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 31 (PDPO 2025): consent to the privacy notice, apart
// from the user row, one row each time it is given: the notice's version, when, and when it was
// withdrawn (null while it stands). A person's latest row is where they stand; an account with
// none (made before this) is asked at its next sign-in. The rows go with the account.
export const userConsent = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('userConsent')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('noticeVersion', 'text', (c) => c.notNull())
        .addColumn('givenAt', ts, (c) => c.notNull())
        .addColumn('withdrawnAt', ts)
        .execute();
      // A person's latest row first (ids are UUIDv7: they sort in the order they were made).
      await db.schema
        .createIndex('userConsent_userId_id')
        .on('userConsent')
        .columns(['userId', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('userConsent').execute();
    },
  };
};
