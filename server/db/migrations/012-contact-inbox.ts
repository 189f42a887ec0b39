import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Contact messages get an inbox: new until an admin marks
// them handled (when, and by whom). Messages already stored start as new. The inbox lists
// newest first, with and without a status filter; the old index on createdAt alone is replaced
// by one that also orders ties by id, as the list does.
export const contactInbox = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite alters a table one column at a time.
    await db.schema
      .alterTable('contact')
      .addColumn('status', 'text', (c) =>
        c.notNull().defaultTo('new').check(sql`"status" in ('new', 'handled')`),
      )
      .execute();
    await db.schema
      .alterTable('contact')
      .addColumn('handledAt', engine === 'postgres' ? 'timestamptz' : 'text')
      .execute();
    await db.schema.alterTable('contact').addColumn('handledBy', 'text').execute();
    await db.schema
      .createIndex('contact_status_created_idx')
      .on('contact')
      .columns(['status', 'createdAt', 'id'])
      .execute();
    await db.schema
      .createIndex('contact_created_id_idx')
      .on('contact')
      .columns(['createdAt', 'id'])
      .execute();
    await db.schema.dropIndex('contact_created_idx').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.createIndex('contact_created_idx').on('contact').column('createdAt').execute();
    await db.schema.dropIndex('contact_created_id_idx').execute();
    await db.schema.dropIndex('contact_status_created_idx').execute();
    for (const column of ['handledBy', 'handledAt', 'status']) {
      await db.schema.alterTable('contact').dropColumn(column).execute();
    }
  },
});
