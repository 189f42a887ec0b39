import type { Kysely, Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. A donor's own pause ("not available until <date>", or until
// they turn it off), kept apart from eligibility, which follows from the last donation. Null:
// available. The pause ends by itself at that instant; "until further notice" is stored as the
// last day of year 9999, so one comparison answers "available now?" on both engines.
export const donorAvailability = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('user')
      .addColumn('pausedUntil', engine === 'postgres' ? 'timestamptz' : 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('user').dropColumn('pausedUntil').execute();
  },
});
