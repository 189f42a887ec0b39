import type { Kysely, Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Password-reset tokens: only a hash is stored (the token
// itself exists in the email alone), each is used once and expires.
export const passwordReset = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('passwordResetToken')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
        .addColumn('expiresAt', ts, (c) => c.notNull())
        .addColumn('usedAt', ts)
        .addColumn('createdAt', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('password_reset_user_idx')
        .on('passwordResetToken')
        .column('userId')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('passwordResetToken').execute();
    },
  };
};
