import type { Kysely, Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 25: a signed-in account sees a daily budget of donor
// emails; the day an account goes past it is recorded here, one row per account and day, for
// staff to see who is harvesting. The budget's own counting lives in the counter store.
//
// - day: the Dhaka calendar date (YYYY-MM-DD) the budget was for.
// - allowance: the budget the account had that day; hidden: emails hidden from it that day.
// - reachedAt / lastAt: when it first went past the budget, and its latest hidden page.
export const donorEmailBudget = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('donorEmailBudgetReached')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('allowance', 'integer', (c) => c.notNull())
        .addColumn('hidden', 'integer', (c) => c.notNull())
        .addColumn('reachedAt', ts, (c) => c.notNull())
        .addColumn('lastAt', ts, (c) => c.notNull())
        // One row per account and day (the upsert's target; also the cascade's lookup).
        .addUniqueConstraint('donor_email_budget_reached_once', ['userId', 'day'])
        .execute();
      // The staff list: newest first.
      await db.schema
        .createIndex('donor_email_budget_reached_at_idx')
        .on('donorEmailBudgetReached')
        .columns(['reachedAt', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('donorEmailBudgetReached').execute();
    },
  };
};
