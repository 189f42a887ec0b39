import { type Kysely, type Migration, sql } from 'kysely';

// Frozen: never edit after release. Issue 16: the language each person chose (English or
// Bangla), for the site after they sign in and for the emails sent to them. Everyone starts in
// English, the spec's language, until they choose.
export const userLanguage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('user')
      .addColumn('language', 'text', (c) =>
        c.notNull().defaultTo('en').check(sql`"language" in ('en', 'bn')`),
      )
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('user').dropColumn('language').execute();
  },
};
