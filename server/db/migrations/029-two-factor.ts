import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 25: staff sign in with a second factor through
// better-auth's twoFactor plugin. Its schema (user.twoFactorEnabled and the twoFactor table, as
// better-auth 1.7 declares them) is created here, like the rest of better-auth's tables in
// 003-auth: never with its CLI. The TOTP secret and the backup codes are stored encrypted by the
// plugin with the server's secret.
export const twoFactor = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  const bool = engine === 'postgres' ? 'boolean' : 'integer';
  const TRUE = engine === 'postgres' ? sql`true` : sql`1`;
  const FALSE = engine === 'postgres' ? sql`false` : sql`0`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('user')
        .addColumn('twoFactorEnabled', bool, (c) => c.notNull().defaultTo(FALSE))
        .execute();
      await db.schema
        .createTable('twoFactor')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('backupCodes', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        // false between "enable" and the first code that proves the authenticator works.
        .addColumn('verified', bool, (c) => c.notNull().defaultTo(TRUE))
        // The plugin's lockout across sign-in challenges: failures in a row, and until when.
        .addColumn('failedVerificationCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lockedUntil', ts)
        .execute();
      // One authenticator per person; the plugin finds it by user on every verification.
      await db.schema
        .createIndex('two_factor_user_idx')
        .on('twoFactor')
        .column('userId')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('twoFactor').execute();
      await db.schema.alterTable('user').dropColumn('twoFactorEnabled').execute();
    },
  };
};
