import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. In-app notifications, the record of who was alerted about
// which request (for waves and the weekly cap), and each person's choice of alerts.
export const notifications = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  const bool = engine === 'postgres' ? 'boolean' : 'integer';
  const TRUE = engine === 'postgres' ? sql`true` : sql`1`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notification')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) =>
          c
            .notNull()
            .check(
              sql`"kind" in ('match-alert', 'request-accepted', 'request-done', 'request-canceled', 'donation-done', 'donation-reminder', 'eligible-again')`,
            ),
        )
        // The request it is about; it stays (with its snapshot in `data`) if the request goes.
        .addColumn('requestId', 'text', (c) =>
          c.references('donationRequest.id').onDelete('set null'),
        )
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('readAt', ts)
        .addColumn('createdAt', ts, (c) => c.notNull())
        .execute();
      // One's notifications, newest first; and the unread count.
      await db.schema
        .createIndex('notification_user_idx')
        .on('notification')
        .columns(['userId', 'createdAt', 'id'])
        .execute();
      await db.schema
        .createIndex('notification_unread_idx')
        .on('notification')
        .columns(['userId', 'readAt'])
        .execute();
      await db.schema
        .createIndex('notification_request_idx')
        .on('notification')
        .column('requestId')
        .execute();

      // No foreign key to the request on purpose: deleting a request must not give its alerts
      // back to the weekly cap (a requester could otherwise alert the same donors again and again).
      await db.schema
        .createTable('requestAlert')
        .addColumn('requestId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('wave', 'integer', (c) => c.notNull())
        .addColumn('createdAt', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('request_alert_pk', ['requestId', 'userId'])
        .execute();
      await db.schema
        .createIndex('request_alert_user_idx')
        .on('requestAlert')
        .columns(['userId', 'createdAt'])
        .execute();

      // A missing row means every alert on: the defaults cost no row per donor.
      await db.schema
        .createTable('notificationSetting')
        .addColumn('userId', 'text', (c) =>
          c.primaryKey().references('user.id').onDelete('cascade'),
        )
        .addColumn('matchAlerts', bool, (c) => c.notNull().defaultTo(TRUE))
        .addColumn('donationReminders', bool, (c) => c.notNull().defaultTo(TRUE))
        .addColumn('eligibilityNotices', bool, (c) => c.notNull().defaultTo(TRUE))
        .addColumn('requestUpdates', bool, (c) => c.notNull().defaultTo(TRUE))
        .addColumn('email', bool, (c) => c.notNull().defaultTo(TRUE))
        .addColumn('updatedAt', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['notificationSetting', 'requestAlert', 'notification']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
};
