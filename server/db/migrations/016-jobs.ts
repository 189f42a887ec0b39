import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. The durable schedule and outbox: every piece of background
// work (an alert wave, a reminder, an email to send) is a row, due at `runAt`. Workers on any
// instance claim due rows with a lease (`lockedBy`, `lockedUntil`); a row whose lease ran out
// (its worker died) is claimed again. `dedupeKey` makes scheduling the same thing twice a no-op.
export const jobs = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('job')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('runAt', ts, (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`"status" in ('pending', 'running', 'done', 'failed')`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lockedBy', 'text')
        .addColumn('lockedUntil', ts)
        .addColumn('lastError', 'text')
        .addColumn('dedupeKey', 'text', (c) => c.unique())
        .addColumn('createdAt', ts, (c) => c.notNull())
        .addColumn('updatedAt', ts, (c) => c.notNull())
        .execute();
      // Claiming: due pending rows, soonest first; and running rows whose lease ran out.
      await db.schema.createIndex('job_due_idx').on('job').columns(['status', 'runAt']).execute();
      await db.schema
        .createIndex('job_lease_idx')
        .on('job')
        .columns(['status', 'lockedUntil'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('job').execute();
    },
  };
};
