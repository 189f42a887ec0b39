import type { Kysely, Migration } from 'kysely';

// Frozen: never edit after release. A bearer token (POST /api/jwt) is a session row made from a
// browser session; it must end with that session, so it points at it and is deleted with it.
export const sessionParent: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('session')
      .addColumn('parentId', 'text', (c) => c.references('session.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('session_parent_idx').on('session').column('parentId').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('session_parent_idx').execute();
    await db.schema.alterTable('session').dropColumn('parentId').execute();
  },
};
