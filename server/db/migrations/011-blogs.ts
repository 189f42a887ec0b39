import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Blogs written by staff, published by admins. Every index is
// shaped like one list query: equality columns first, then the sort columns.
export const blogs = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('blog')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('image', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().defaultTo('draft').check(sql`"status" in ('draft', 'published')`),
        )
        // The writer; the blog stays when their account is deleted.
        .addColumn('authorId', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('createdAt', ts, (c) => c.notNull())
        .addColumn('updatedAt', ts, (c) => c.notNull())
        .execute();
      const index = (name: string, columns: string[]) =>
        db.schema.createIndex(name).on('blog').columns(columns).execute();
      // The public list (published) and the staff list by status, newest first.
      await index('blog_status_created_idx', ['status', 'createdAt', 'id']);
      // The staff list without a filter, newest first.
      await index('blog_created_idx', ['createdAt', 'id']);
      // ON DELETE SET NULL looks rows up by the author.
      await index('blog_author_idx', ['authorId']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('blog').execute();
    },
  };
};
