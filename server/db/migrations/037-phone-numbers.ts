import type { Kysely, Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 28: a person's mobile number, verified by a one-time
// code sent to it by SMS. Numbers live in their own tables, not on `user`, so no query of users
// (lists, searches, previews) can carry one by accident.
//
// - userPhone: the verified number of an account (+8801XXXXXXXXX), unique across accounts
//   (decision 033), and its choices: SMS alerts, and critical alerts in the night too.
// - phoneVerification: the one pending code of an account: the number it is for, the code's
//   SHA-256 (the code itself exists only in the SMS), when it expires and the tries spent. The
//   code is made by the worker when it sends the SMS, so codeHash is null until then.
export const phoneNumbers = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  const bool = engine === 'postgres' ? 'boolean' : 'integer';
  const no = engine === 'postgres' ? false : 0;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('userPhone')
        .addColumn('userId', 'text', (c) =>
          c.primaryKey().references('user.id').onDelete('cascade'),
        )
        .addColumn('phone', 'text', (c) => c.notNull().unique())
        .addColumn('verifiedAt', ts, (c) => c.notNull())
        .addColumn('smsAlerts', bool, (c) => c.notNull().defaultTo(no))
        .addColumn('nightAlerts', bool, (c) => c.notNull().defaultTo(no))
        .addColumn('updatedAt', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('phoneVerification')
        .addColumn('userId', 'text', (c) =>
          c.primaryKey().references('user.id').onDelete('cascade'),
        )
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('codeHash', 'text')
        .addColumn('expiresAt', ts)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('createdAt', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('phoneVerification').execute();
      await db.schema.dropTable('userPhone').execute();
    },
  };
};
