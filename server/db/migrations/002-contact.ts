import type { Kysely, Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Messages sent from the home page's contact form.
export const contact = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('contact')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('createdAt', engine === 'postgres' ? 'timestamptz' : 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('contact_created_idx').on('contact').column('createdAt').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('contact').execute();
  },
});
