import type { Kysely, Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 32 (decision 044): personal API tokens for programs.
// Only the SHA-256 of a token is kept (the secret is shown once); a token is found by that hash
// through its unique index. Scopes are a space-separated list of the closed set in
// common/api-token.schema.ts. Revoking deletes the row; the rows go with the account.
export const apiTokens = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('apiToken')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', ts, (c) => c.notNull())
        .addColumn('lastUsedAt', ts)
        .execute();
      // A person's tokens, newest first (ids are UUIDv7: they sort in the order they were made).
      await db.schema
        .createIndex('apiToken_userId_id')
        .on('apiToken')
        .columns(['userId', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('apiToken').execute();
    },
  };
};
