import type { Kysely, Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 28: what the SMS outbox sent, and each Dhaka day's
// spending against the daily budget.
//
// - smsMessage: one row per SMS job that was let through (its id is the job's): to whom (the
//   account, never the number), what for, its parts, the gateway's id of its first part, and
//   the delivery receipt's state. Counting a donor's rows of a day is the per-donor daily cap.
// - smsDay: one row per Dhaka day: parts sent, the budget that day, alerts refused once it was
//   spent, and when it was reached (null until then), for admins to see.
export const smsLedger = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('smsMessage')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('segments', 'integer', (c) => c.notNull())
        .addColumn('gatewayId', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('createdAt', ts, (c) => c.notNull())
        .addColumn('updatedAt', ts, (c) => c.notNull())
        .execute();
      // The per-donor daily cap counts a donor's alerts of a day.
      await db.schema
        .createIndex('sms_message_user_day_idx')
        .on('smsMessage')
        .columns(['userId', 'day'])
        .execute();
      // A delivery receipt names the gateway's id.
      await db.schema
        .createIndex('sms_message_gateway_idx')
        .on('smsMessage')
        .column('gatewayId')
        .execute();
      await db.schema
        .createTable('smsDay')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('sent', 'integer', (c) => c.notNull())
        .addColumn('budget', 'integer', (c) => c.notNull())
        .addColumn('refused', 'integer', (c) => c.notNull())
        .addColumn('reachedAt', ts)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('smsDay').execute();
      await db.schema.dropTable('smsMessage').execute();
    },
  };
};
